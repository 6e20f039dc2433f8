// "Linear gauge": a horizontal or vertical scale with ticks, colour bands and a bar up to the value.
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { boolSetting, numSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { BarGauge } from './bar-gauge';
import { gaugeReading, gaugeSettings, gaugeTextColor, themed } from './gauge-data';
import { readRanges, readScale, scaleFraction, tickLabel, tickValues } from './gauge-model';

export function LinearGaugeWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const s = gaugeSettings(ctx.settings);
  const reading = gaugeReading(ctx);
  if (reading.message) return <WidgetMessage text={reading.message} />;
  if (reading.value === null) return <Box />;

  const horizontal = strSetting(s, 'orientation', 'horizontal') !== 'vertical';
  const scale = readScale(s);
  const labelSize = Math.min(14, Math.max(9, Math.min(ctx.width, ctx.height) * 0.08));
  // Room for the labels decides how many ticks stay (a phone-wide box keeps every other one).
  const maxLabels = horizontal ? ctx.width / (labelSize * 3.5) : ctx.height / (labelSize * 2.2);
  const ticks = tickValues(scale, numSetting(s, 'majorTicksCount', 10), Math.max(2, Math.floor(maxLabels))).map(
    (v) => ({
      fraction: scaleFraction(v, scale),
      label: tickLabel(v),
    }),
  );
  const bands = readRanges(s.highlights).map((r) => ({
    from: scaleFraction(r.from ?? scale.min, scale),
    to: scaleFraction(r.to ?? scale.max, scale),
    color: r.color,
  }));
  const animation = boolSetting(s, 'animation', true);

  return (
    <BarGauge
      orientation={horizontal ? 'horizontal' : 'vertical'}
      width={ctx.width}
      height={ctx.height}
      fraction={scaleFraction(reading.value, scale)}
      color={themed(s, 'colorBarProgress', '#2196f3', theme.palette.primary.main)}
      trackColor={themed(
        s,
        'colorBar',
        '#ddd',
        theme.palette.mode === 'dark' ? theme.palette.grey[800] : theme.palette.grey[300],
      )}
      textColor={gaugeTextColor(ctx.widget.config, theme.palette.text.primary)}
      widthScale={0.7}
      valueText={reading.text}
      title={null}
      minText={null}
      maxText={null}
      timeText={null}
      ticks={ticks}
      bands={bands.length > 0 ? bands : undefined}
      duration={animation ? numSetting(s, 'animationDuration', 500) : 0}
    />
  );
}
