import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MIN_DATAPOINTS, type AggregationType, type Timewindow } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { TimeIntervalEditor } from '../time-interval/time-interval-editor';
import { HideBox } from './hide-box';
import { aggregationBounds, tabInterval, withTabInterval } from './model/timewindow-draft';
import { AGGREGATION_LABELS, AGGREGATION_ORDER } from './timewindow-labels';

export interface TimewindowAggregationSectionProps {
  draft: Timewindow;
  onChange: (tw: Timewindow) => void;
  maxDatapoints: number;
  isEdit: boolean;
}

/**
 * Aggregation function, then either the limit of values (NONE) or the grouping interval within the
 * window's bounds (2-calls §5, §9). Each part has its own hide flag.
 */
export function TimewindowAggregationSection({
  draft,
  onChange,
  maxDatapoints,
  isEdit,
}: TimewindowAggregationSectionProps) {
  const { t } = useTranslation();
  const agg = draft.aggregation;
  const setAgg = (patch: Partial<Timewindow['aggregation']>) =>
    onChange({ ...draft, aggregation: { ...agg, ...patch } });
  const showType = isEdit || !draft.hideAggregation;
  const showDetail = isEdit || !draft.hideAggInterval;
  const bounds = aggregationBounds(draft);
  const limitValid = agg.limit >= MIN_DATAPOINTS && agg.limit <= maxDatapoints && Number.isInteger(agg.limit);

  return (
    <Stack sx={{ gap: 1.5 }}>
      {showType && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('aggregation.function')}
            value={agg.type}
            disabled={draft.hideAggregation}
            onChange={(e) => setAgg({ type: e.target.value as AggregationType })}
          >
            {AGGREGATION_ORDER.map((type) => (
              <MenuItem key={type} value={type}>
                {t(AGGREGATION_LABELS[type])}
              </MenuItem>
            ))}
          </TextField>
          {isEdit && (
            <HideBox checked={draft.hideAggregation} onChange={(v) => onChange({ ...draft, hideAggregation: v })} />
          )}
        </Stack>
      )}
      {showDetail && (
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          {agg.type === 'NONE' ? (
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {t('aggregation.limit')}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
                <Slider
                  size="small"
                  min={MIN_DATAPOINTS}
                  max={maxDatapoints}
                  value={Math.min(Math.max(agg.limit, MIN_DATAPOINTS), maxDatapoints)}
                  disabled={draft.hideAggInterval}
                  onChange={(_e, v) => setAgg({ limit: Array.isArray(v) ? (v[0] ?? MIN_DATAPOINTS) : v })}
                  sx={{ flex: 1 }}
                />
                <TextField
                  type="number"
                  size="small"
                  value={Number.isFinite(agg.limit) ? agg.limit : ''}
                  disabled={draft.hideAggInterval}
                  error={!limitValid}
                  onChange={(e) => setAgg({ limit: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  slotProps={{ htmlInput: { min: MIN_DATAPOINTS, max: maxDatapoints, step: 1 } }}
                  sx={{ width: 96 }}
                />
              </Stack>
              {!limitValid && (
                <Typography variant="caption" color="error">
                  {t('aggregation.limit-range', { min: MIN_DATAPOINTS, max: maxDatapoints })}
                </Typography>
              )}
            </Stack>
          ) : (
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <TimeIntervalEditor
                // A new editor per tab and per bounds: its own advanced/parts state belongs to one window.
                key={`${draft.selectedTab}-${bounds.min}-${bounds.max}`}
                label={t('aggregation.group-interval')}
                value={tabInterval(draft)}
                min={bounds.min}
                max={bounds.max}
                disabled={draft.hideAggInterval}
                onChange={(ms) => ms !== null && onChange(withTabInterval(draft, ms))}
              />
            </Stack>
          )}
          {isEdit && (
            <HideBox checked={draft.hideAggInterval} onChange={(v) => onChange({ ...draft, hideAggInterval: v })} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
