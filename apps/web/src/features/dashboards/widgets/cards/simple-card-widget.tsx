// "Simple card": the latest value of the first key, big, with its label on top or on the left.
import Box from '@mui/material/Box';
import { numSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { authorColor, cardValue, widgetMessageOf } from './card-data';
import { fitFontSize } from './card-model';

const PAD = 12;

export function SimpleCardWidget({ ctx }: WidgetProps) {
  const first = ctx.data.series[0];
  const value = first ? cardValue(first, ctx.settings, ctx.widget.config) : null;
  const message = widgetMessageOf(ctx, value !== null && value.text !== '');
  if (message) return <WidgetMessage text={message} />;
  if (!value) return null;

  const left = strSetting(ctx.settings, 'labelPosition', 'top') === 'left';
  const color = authorColor(ctx.settings, 'textColor', 'rgba(0, 0, 0, 0.87)') ?? 'inherit';
  const innerW = Math.max(0, ctx.width - 2 * PAD);
  const innerH = Math.max(0, ctx.height - 2 * PAD);
  // The label takes up to a third of the box (top) or of the width (left); the value gets the rest.
  const labelSize = left
    ? fitFontSize(value.label, innerW * 0.4, innerH, numSetting(ctx.settings, 'labelFontSize', 16))
    : fitFontSize(value.label, innerW, innerH / 3, numSetting(ctx.settings, 'labelFontSize', 16));
  const valueBox = left ? { w: innerW * 0.6, h: innerH } : { w: innerW, h: innerH - labelSize * 1.4 };
  const valueSize = fitFontSize(value.text, valueBox.w, valueBox.h, numSetting(ctx.settings, 'valueFontSize', 32));
  const clickable = !ctx.editing && ctx.hasAction('cardClick');

  return (
    <Box
      data-testid="simple-card"
      onClick={clickable ? () => ctx.action('cardClick', value.entity) : undefined}
      sx={{
        height: '100%',
        p: `${PAD}px`,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: left ? 'row' : 'column',
        alignItems: left ? 'center' : 'stretch',
        justifyContent: left ? 'space-between' : 'center',
        gap: left ? 1 : 0,
        color,
        overflow: 'hidden',
        cursor: clickable ? 'pointer' : 'default',
      }}
    >
      <Box
        sx={{
          fontSize: labelSize,
          lineHeight: 1.4,
          opacity: 0.7,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          textAlign: left ? 'left' : 'center',
        }}
      >
        {value.label}
      </Box>
      <Box
        sx={{
          fontSize: valueSize,
          lineHeight: 1.2,
          fontWeight: 500,
          whiteSpace: 'nowrap',
          textAlign: left ? 'right' : 'center',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value.text}
      </Box>
    </Box>
  );
}
