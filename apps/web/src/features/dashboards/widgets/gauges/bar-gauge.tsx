// A straight gauge (horizontal bar, vertical bar, thermometer, linear scale) in plain HTML: a track
// and a fill scaled to the value. Only the fill's transform and colour change on an update, and the
// browser animates them (a CSS transition), so ten of these updating every second stay cheap.
import Box from '@mui/material/Box';
import { fitFontSize } from '../cards/card-model';

export interface BarTick {
  fraction: number;
  label: string;
}
export interface BarBand {
  from: number;
  to: number;
  color: string;
}

export interface BarGaugeProps {
  orientation: 'horizontal' | 'vertical';
  width: number;
  height: number;
  /** 0..1 along the scale. */
  fraction: number;
  color: string;
  trackColor: string;
  textColor: string;
  /** Thickness factor (1 = default). */
  widthScale: number;
  valueText: string | null;
  title: string | null;
  minText: string | null;
  maxText: string | null;
  timeText: string | null;
  /** Draws a thermometer bulb at the bottom of a vertical bar. */
  bulb?: boolean;
  ticks?: readonly BarTick[];
  bands?: readonly BarBand[];
  /** ms; 0 switches the animation off. */
  duration: number;
}

const pct = (f: number) => `${(Math.min(1, Math.max(0, f)) * 100).toFixed(3)}%`;

export function BarGauge(p: BarGaugeProps) {
  const horizontal = p.orientation === 'horizontal';
  const short = Math.min(p.width, p.height);
  const small = Math.round(Math.min(14, Math.max(9, short * 0.08)));
  const thickness = Math.max(
    4,
    Math.min(horizontal ? p.height * 0.3 : p.width * 0.3, 36) * Math.min(2, Math.max(0.1, p.widthScale)),
  );
  const valueSize = p.valueText
    ? fitFontSize(p.valueText, p.width * 0.9, p.height * (horizontal ? 0.3 : 0.18), 44, { min: 10 })
    : 0;
  const transition = p.duration > 0 ? `transform ${p.duration}ms ease-out, background-color ${p.duration}ms` : 'none';
  const bulb = !horizontal && p.bulb ? thickness * 1.9 : 0;

  const fill = (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        bgcolor: p.color,
        borderRadius: 'inherit',
        transformOrigin: horizontal ? 'left center' : 'center bottom',
        transform: horizontal ? `scaleX(${p.fraction})` : `scaleY(${p.fraction})`,
        transition,
        willChange: 'transform',
      }}
    />
  );

  const ticks = p.ticks?.map((t) => (
    <Box
      key={t.fraction}
      sx={{
        position: 'absolute',
        whiteSpace: 'nowrap',
        fontSize: small,
        lineHeight: 1,
        ...(horizontal
          ? { left: pct(t.fraction), top: 0, transform: 'translateX(-50%)', pt: '6px' }
          : { bottom: pct(t.fraction), right: 0, transform: 'translateY(50%)', pr: '6px' }),
        '&::before': {
          content: '""',
          position: 'absolute',
          bgcolor: 'currentColor',
          opacity: 0.5,
          ...(horizontal
            ? { left: '50%', top: 0, width: '1px', height: 4 }
            : { right: 0, top: '50%', width: 4, height: '1px' }),
        },
      }}
    >
      {t.label}
    </Box>
  ));

  const bands = p.bands?.map((b) => (
    <Box
      key={`${b.from}-${b.to}`}
      sx={{
        position: 'absolute',
        bgcolor: b.color,
        ...(horizontal
          ? { left: pct(b.from), width: pct(b.to - b.from), top: 0, bottom: 0 }
          : { bottom: pct(b.from), height: pct(b.to - b.from), left: 0, right: 0 }),
      }}
    />
  ));

  const track = (
    <Box
      sx={{
        position: 'relative',
        bgcolor: p.trackColor,
        borderRadius: `${thickness / 2}px`,
        overflow: 'hidden',
        ...(horizontal ? { height: thickness, width: '100%' } : { width: thickness, flex: 1, minHeight: 0 }),
        ...(bulb > 0 ? { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } : {}),
      }}
    >
      {fill}
    </Box>
  );

  const minMax = (p.minText !== null || p.maxText !== null) && (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: small, opacity: 0.7, width: '100%' }}>
      <span>{p.minText}</span>
      <span>{p.maxText}</span>
    </Box>
  );

  const texts = (
    <>
      {p.title && (
        <Box
          sx={{
            fontSize: small + 1,
            opacity: 0.8,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            maxWidth: '100%',
          }}
        >
          {p.title}
        </Box>
      )}
      {p.valueText && (
        <Box
          sx={{
            fontSize: valueSize,
            fontWeight: 500,
            lineHeight: 1.2,
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {p.valueText}
        </Box>
      )}
    </>
  );

  return (
    <Box
      sx={{
        height: '100%',
        boxSizing: 'border-box',
        p: 1,
        color: p.textColor,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        overflow: 'hidden',
      }}
    >
      {texts}
      {horizontal ? (
        <Box sx={{ width: '100%', px: 1, boxSizing: 'border-box' }}>
          {track}
          {bands && <Box sx={{ position: 'relative', height: 4, mt: '2px' }}>{bands}</Box>}
          {ticks && <Box sx={{ position: 'relative', height: small + 8 }}>{ticks}</Box>}
          {!ticks && minMax}
        </Box>
      ) : (
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'stretch', justifyContent: 'center', gap: 0.5 }}>
          {ticks && <Box sx={{ position: 'relative', width: small * 3.5, mb: `${bulb}px` }}>{ticks}</Box>}
          {bands && <Box sx={{ position: 'relative', width: 4, mb: `${bulb}px` }}>{bands}</Box>}
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minHeight: 0 }}>
            {track}
            {bulb > 0 && (
              <Box
                sx={{
                  width: bulb,
                  height: bulb,
                  mt: `-${thickness * 0.3}px`,
                  borderRadius: '50%',
                  bgcolor: p.color,
                  boxShadow: `0 0 0 ${Math.max(2, thickness * 0.15)}px ${p.trackColor}`,
                  transition,
                  flexShrink: 0,
                }}
              />
            )}
          </Box>
          {!ticks && (p.minText !== null || p.maxText !== null) && (
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'space-between',
                fontSize: small,
                opacity: 0.7,
                mb: `${bulb}px`,
              }}
            >
              <span>{p.maxText}</span>
              <span>{p.minText}</span>
            </Box>
          )}
        </Box>
      )}
      {p.timeText && <Box sx={{ fontSize: small, opacity: 0.6 }}>{p.timeText}</Box>}
    </Box>
  );
}
