// The digital gauges (ThingsBoard's JustGage family): arc, ring, horizontal or vertical bar by the
// `gaugeType` setting, filled in the value's level colour, with title, min/max and time around it.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { boolSetting, numSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { BarGauge } from './bar-gauge';
import { EChartsGauge } from './echarts-gauge';
import { gaugeReading, gaugeSettings, gaugeTextColor, themed } from './gauge-data';
import { arcLayout } from './gauge-layout';
import { levelColor, readLevelColors, readRanges, readScale, scaleFraction, tickLabel } from './gauge-model';
import { arcOption } from './gauge-options';

type Shape = 'arc' | 'donut' | 'horizontalBar' | 'verticalBar';
const SHAPES: readonly Shape[] = ['arc', 'donut', 'horizontalBar', 'verticalBar'];

interface Variant {
  shape: Shape;
  min: number;
  max: number;
  /** The thermometer draws a bulb under its vertical bar. */
  bulb?: boolean;
}

function DigitalGauge({ ctx, variant }: WidgetProps & { variant: Variant }) {
  const theme = useTheme();
  const s = useMemo(() => gaugeSettings(ctx.settings), [ctx.settings]);
  const reading = gaugeReading(ctx);
  const rawShape = strSetting(s, 'gaugeType', variant.shape);
  const shape: Shape = SHAPES.find((x) => x === rawShape) ?? variant.shape;
  const { min, max } = readScale(s, { min: variant.min, max: variant.max });
  const scale = { min, max };
  const levels = readLevelColors(s.levelColors);
  const fixed = boolSetting(s, 'useFixedLevelColor', false) ? readRanges(s.fixedLevelColors) : null;
  const value = reading.value ?? scale.min;
  const color = levelColor(value, scale, levels, fixed, theme.palette.primary.main);
  const track = themed(
    s,
    'gaugeColor',
    '#eee',
    theme.palette.mode === 'dark' ? theme.palette.grey[800] : theme.palette.grey[200],
  );
  const textColor = gaugeTextColor(ctx.widget.config, theme.palette.text.primary);
  const showValue = boolSetting(s, 'showValue', true);
  const showMinMax = boolSetting(s, 'showMinMax', true);
  const title = boolSetting(s, 'showTitle', false) ? strSetting(s, 'title', reading.label) : null;
  const timeText =
    boolSetting(s, 'showTimestamp', false) && reading.ts !== null
      ? dayjs(reading.ts).format(strSetting(s, 'timestampFormat', 'YYYY-MM-DD HH:mm:ss'))
      : null;
  const animation = boolSetting(s, 'animation', true);
  const duration = animation ? numSetting(s, 'animationDuration', 500) : 0;
  const round = shape === 'arc' || shape === 'donut';
  const { width, height } = ctx;

  const layout = useMemo(
    () =>
      arcLayout(width, height, {
        shape: shape === 'donut' ? 'donut' : 'arc',
        showTitle: title !== null,
        linesBelow: (showMinMax && shape === 'arc' ? 1 : 0) + (timeText !== null ? 1 : 0),
        widthScale: numSetting(s, 'gaugeWidthScale', 0.75) / 0.75,
        valueText: reading.text,
      }),
    [width, height, shape, title, showMinMax, timeText, s, reading.text],
  );
  const option = useMemo(
    () =>
      round && reading.value !== null
        ? arcOption({
            layout,
            shape: shape === 'donut' ? 'donut' : 'arc',
            scale: { min, max },
            value: reading.value,
            text: reading.text,
            showValue,
            color,
            trackColor: track,
            textColor,
            fontFamily: String(theme.typography.fontFamily),
            animation,
            duration,
          })
        : null,
    [
      round,
      layout,
      shape,
      min,
      max,
      reading.value,
      reading.text,
      showValue,
      color,
      track,
      textColor,
      theme,
      animation,
      duration,
    ],
  );

  if (reading.message) return <WidgetMessage text={reading.message} />;
  if (reading.value === null) return <Box />;
  const minText = showMinMax ? tickLabel(scale.min) : null;
  const maxText = showMinMax ? tickLabel(scale.max) : null;

  if (!round) {
    return (
      <BarGauge
        orientation={shape === 'horizontalBar' ? 'horizontal' : 'vertical'}
        width={width}
        height={height}
        fraction={scaleFraction(reading.value, scale)}
        color={color}
        trackColor={track}
        textColor={textColor}
        widthScale={numSetting(s, 'gaugeWidthScale', 0.75) / 0.75}
        valueText={showValue ? reading.text : null}
        title={title}
        minText={minText}
        maxText={maxText}
        timeText={timeText}
        bulb={variant.bulb === true}
        duration={duration}
      />
    );
  }

  const small = {
    position: 'absolute',
    fontSize: layout.labelFontSize,
    lineHeight: 1.4,
    color: 'text.secondary',
  } as const;
  return (
    <Box sx={{ position: 'relative', width, height, overflow: 'hidden' }}>
      {option && <EChartsGauge option={option} width={width} height={height} />}
      {title !== null && (
        <Box
          sx={{
            ...small,
            top: 4,
            left: 0,
            right: 0,
            textAlign: 'center',
            color: 'text.primary',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </Box>
      )}
      {shape === 'arc' && minText !== null && (
        <>
          <Box
            sx={{
              ...small,
              top: layout.belowY,
              left: layout.cx - layout.r + layout.thickness / 2,
              transform: 'translateX(-50%)',
            }}
          >
            {minText}
          </Box>
          <Box
            sx={{
              ...small,
              top: layout.belowY,
              left: layout.cx + layout.r - layout.thickness / 2,
              transform: 'translateX(-50%)',
            }}
          >
            {maxText}
          </Box>
        </>
      )}
      {timeText !== null && <Box sx={{ ...small, bottom: 4, left: 0, right: 0, textAlign: 'center' }}>{timeText}</Box>}
    </Box>
  );
}

export const GaugeJustgageWidget = ({ ctx }: WidgetProps) => (
  <DigitalGauge ctx={ctx} variant={{ shape: 'arc', min: 0, max: 100 }} />
);
export const MiniGaugeWidget = ({ ctx }: WidgetProps) => (
  <DigitalGauge ctx={ctx} variant={{ shape: 'donut', min: 0, max: 100 }} />
);
export const HorizontalBarWidget = ({ ctx }: WidgetProps) => (
  <DigitalGauge ctx={ctx} variant={{ shape: 'horizontalBar', min: 0, max: 100 }} />
);
export const VerticalBarWidget = ({ ctx }: WidgetProps) => (
  <DigitalGauge ctx={ctx} variant={{ shape: 'verticalBar', min: 0, max: 100 }} />
);
export const ThermometerWidget = ({ ctx }: WidgetProps) => (
  <DigitalGauge ctx={ctx} variant={{ shape: 'verticalBar', min: -60, max: 60, bulb: true }} />
);
