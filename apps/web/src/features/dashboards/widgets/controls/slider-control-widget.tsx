import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { formatValue } from '../../model/data-key';
import { optionalNumSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { readRange, readRpcSettings, rpcNumber, shownValue, snap } from './control-model';
import { ControlFrame } from './control-frame';
import { useRpcControl } from './use-rpc-control';

/** slider_control: drag to choose a value; setValue(value) is sent once, on release. */
export function SliderControlWidget({ ctx }: WidgetProps) {
  const settings = useMemo(() => readRpcSettings(ctx.settings), [ctx.settings]);
  const range = useMemo(() => readRange(ctx.settings), [ctx.settings]);
  const initial = optionalNumSetting(ctx.settings, 'initialValue');
  const { target, state, send } = useRpcControl<number>(ctx, { settings, parse: rpcNumber, initial });
  const [drag, setDrag] = useState<number | null>(null);
  const units = strSetting(ctx.settings, 'units', '');
  const confirmed = shownValue(state);
  const value = drag ?? (confirmed === null ? range.min : snap(confirmed, { ...range, step: 0 }));
  const format = (v: number) => formatValue(v, { units });

  return (
    <ControlFrame target={target} state={state} title={strSetting(ctx.settings, 'title', '')} height={ctx.height}>
      <Box sx={{ width: '100%', px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Typography
          variant="h6"
          component="div"
          color={confirmed === null && drag === null ? 'text.disabled' : 'text.primary'}
        >
          {format(value)}
        </Typography>
        <Slider
          value={value}
          min={range.min}
          max={range.max}
          step={range.step > 0 ? range.step : (range.max - range.min) / 100}
          disabled={ctx.editing || state.status === 'pending'}
          valueLabelDisplay="auto"
          valueLabelFormat={format}
          onChange={(_, v) => setDrag(Array.isArray(v) ? (v[0] ?? range.min) : v)}
          onChangeCommitted={(_, v) => {
            const next = Array.isArray(v) ? (v[0] ?? range.min) : v;
            setDrag(null);
            send(settings.setValueMethod, next, next);
          }}
          aria-label={strSetting(ctx.settings, 'title', 'value')}
        />
      </Box>
    </ControlFrame>
  );
}
