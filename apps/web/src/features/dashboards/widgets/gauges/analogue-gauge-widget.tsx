// "Speed gauge", "Radial gauge" and "Compass": round dials drawn with the ECharts gauge.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { boolSetting, numSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { EChartsGauge } from './echarts-gauge';
import { gaugeReading, gaugeSettings, gaugeTextColor, themed } from './gauge-data';
import { readRanges, readScale } from './gauge-model';
import { compassOption, dialOption } from './gauge-options';

function Dial({ ctx, variant }: WidgetProps & { variant: 'speed' | 'radial' }) {
  const theme = useTheme();
  const s = ctx.settings;
  const showUnits = boolSetting(s, 'showUnitTitle', true);
  const reading = gaugeReading(ctx, { withUnits: !showUnits });
  const { width, height } = ctx;
  const option = useMemo(
    () =>
      reading.value === null
        ? null
        : dialOption({
            variant,
            width,
            height,
            scale: readScale(gaugeSettings(s), { min: 0, max: variant === 'speed' ? 180 : 100 }),
            value: reading.value,
            text: reading.text,
            unitsTitle: showUnits ? reading.units : null,
            majorTicks: numSetting(s, 'majorTicksCount', variant === 'speed' ? 9 : 5),
            minorTicks: numSetting(s, 'minorTicks', 2),
            ranges: readRanges(s.highlights),
            colors: {
              plate: themed(s, 'colorPlate', '#fff', theme.palette.background.paper),
              needle: themed(s, 'colorNeedle', '#f44336', theme.palette.error.main),
              ticks: themed(s, 'colorTicks', '#444', theme.palette.text.secondary),
              text: gaugeTextColor(ctx.widget.config, theme.palette.text.primary),
              track: theme.palette.divider,
            },
            fontFamily: String(theme.typography.fontFamily),
            animation: boolSetting(s, 'animation', true),
            duration: numSetting(s, 'animationDuration', 500),
          }),
    [variant, width, height, s, reading.value, reading.text, reading.units, showUnits, theme, ctx.widget.config],
  );
  if (reading.message) return <WidgetMessage text={reading.message} />;
  return option ? <EChartsGauge option={option} width={width} height={height} /> : <Box />;
}

export function SpeedGaugeWidget({ ctx }: WidgetProps) {
  return <Dial ctx={ctx} variant="speed" />;
}

export function RadialGaugeWidget({ ctx }: WidgetProps) {
  return <Dial ctx={ctx} variant="radial" />;
}

export function CompassWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const s = ctx.settings;
  const reading = gaugeReading(ctx);
  const { width, height } = ctx;
  const option = useMemo(
    () =>
      reading.value === null
        ? null
        : compassOption({
            width,
            height,
            heading: reading.value,
            text: reading.text === '' ? '' : `${reading.text}${reading.units ? '' : '°'}`,
            colors: {
              plate: themed(s, 'colorPlate', '#222', '#222'),
              major: themed(s, 'colorMajorTicks', '#f5f5f5', '#f5f5f5'),
              minor: themed(s, 'colorMinorTicks', '#ddd', '#ddd'),
              needle: themed(s, 'colorNeedle', '#f08080', '#f08080'),
              needleEnd: themed(s, 'colorNeedleEnd', '#ccc', '#ccc'),
              border: boolSetting(s, 'showBorder', true) ? theme.palette.grey[500] : null,
            },
            fontFamily: String(theme.typography.fontFamily),
            animation: boolSetting(s, 'animation', true),
            duration: numSetting(s, 'animationDuration', 500),
          }),
    [width, height, s, reading.value, reading.text, reading.units, theme],
  );
  if (reading.message) return <WidgetMessage text={reading.message} />;
  return option ? <EChartsGauge option={option} width={width} height={height} /> : <Box />;
}
