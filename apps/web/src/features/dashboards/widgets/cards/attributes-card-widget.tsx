// "Attributes card": the latest value of every key, one block per entity, one row per key.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { boolSetting, numSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { authorColor, cardValues, groupByEntity, widgetMessageOf } from './card-data';

export function AttributesCardWidget({ ctx }: WidgetProps) {
  const values = cardValues(ctx.data.series, ctx.settings, ctx.widget.config);
  const message = widgetMessageOf(
    ctx,
    values.some((v) => v.text !== ''),
  );
  if (message) return <WidgetMessage text={message} />;

  const groups = groupByEntity(values, (i) => {
    const name = ctx.data.series.find((s) => s.datasourceIndex === i)?.datasource.name;
    return typeof name === 'string' ? name : '';
  });
  const showTitle = boolSetting(ctx.settings, 'showDatasourceTitle', true);
  const color = authorColor(ctx.settings, 'textColor', 'rgba(0, 0, 0, 0.87)') ?? 'inherit';
  // Narrow boxes (a phone) get smaller text rather than wrapped or clipped values.
  const narrow = Math.min(1, Math.max(0.6, ctx.width / 360));
  const labelSize = Math.round(numSetting(ctx.settings, 'labelFontSize', 16) * narrow);
  const valueSize = Math.round(numSetting(ctx.settings, 'valueFontSize', 16) * narrow);
  const clickable = !ctx.editing && ctx.hasAction('rowClick');

  return (
    <Box sx={{ height: '100%', overflow: 'auto', px: 1.5, py: 1, boxSizing: 'border-box', color }}>
      {groups.map((g) => (
        <Box key={g.id} sx={{ mb: 1 }}>
          {showTitle && g.title !== '' && (
            <Typography variant="subtitle2" sx={{ color: 'inherit', opacity: 0.8, mb: 0.5 }} noWrap>
              {g.title}
            </Typography>
          )}
          {g.values.map((v) => (
            <Box
              key={v.id}
              onClick={clickable ? () => ctx.action('rowClick', v.entity) : undefined}
              sx={{
                display: 'flex',
                alignItems: 'baseline',
                justifyContent: 'space-between',
                gap: 1,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                cursor: clickable ? 'pointer' : 'default',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Box
                sx={{
                  fontSize: labelSize,
                  opacity: 0.7,
                  minWidth: 0,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {v.label}
              </Box>
              <Box
                sx={{ fontSize: valueSize, fontWeight: 500, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {v.text === '' ? '–' : v.text}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
