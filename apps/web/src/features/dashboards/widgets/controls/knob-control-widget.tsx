import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import { formatValue } from '../../model/data-key';
import { numSetting, optionalNumSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { angleToValue, readRange, readRpcSettings, rpcNumber, shownValue, valueToAngle } from './control-model';
import { ControlFrame } from './control-frame';
import { useRpcControl } from './use-rpc-control';

const R = 40; // arc radius in the 100×100 view box

/** A point on the knob's circle at `deg` (0 = up, clockwise). */
function polar(deg: number, r = R) {
  const rad = ((deg - 90) * Math.PI) / 180;
  return { x: 50 + r * Math.cos(rad), y: 50 + r * Math.sin(rad) };
}

function arc(from: number, to: number) {
  const a = polar(from);
  const b = polar(to);
  return `M ${a.x} ${a.y} A ${R} ${R} 0 ${to - from > 180 ? 1 : 0} 1 ${b.x} ${b.y}`;
}

/** knob_control: turn to choose a value, release to send setValue(value). */
export function KnobControlWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const settings = useMemo(() => readRpcSettings(ctx.settings), [ctx.settings]);
  const range = useMemo(() => ({ ...readRange(ctx.settings, false), step: 0 }), [ctx.settings]);
  const initial = optionalNumSetting(ctx.settings, 'initialValue');
  const { target, state, send } = useRpcControl<number>(ctx, { settings, parse: rpcNumber, initial });
  const [drag, setDrag] = useState<number | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const decimals = numSetting(ctx.settings, 'decimals', range.max - range.min <= 10 ? 1 : 0);
  // Whole numbers (or tenths on small ranges): a knob cannot be turned more finely anyway.
  const step = 10 ** -Math.max(0, Math.min(4, decimals));
  const value = drag ?? shownValue(state) ?? range.min;
  const disabled = ctx.editing || state.status === 'pending';

  const valueAt = (e: PointerEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box) return value;
    return angleToValue(e.clientX - box.left - box.width / 2, e.clientY - box.top - box.height / 2, { ...range, step });
  };
  const size = Math.max(48, Math.min(ctx.width, ctx.height - 44));
  const angle = valueToAngle(value, range);
  const tip = polar(angle, R - 14);
  const main = state.status === 'error' ? theme.palette.error.main : theme.palette.primary.main;

  return (
    <ControlFrame target={target} state={state} title={strSetting(ctx.settings, 'title', '')} height={ctx.height}>
      <Box
        component="svg"
        ref={svg}
        viewBox="0 0 100 100"
        role="slider"
        aria-valuemin={range.min}
        aria-valuemax={range.max}
        aria-valuenow={value}
        sx={{ width: size, height: size, touchAction: 'none', cursor: disabled ? 'default' : 'grab' }}
        onPointerDown={(e: PointerEvent<SVGSVGElement>) => {
          if (disabled) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          setDrag(valueAt(e));
        }}
        onPointerMove={(e: PointerEvent) => {
          if (drag !== null) setDrag(valueAt(e));
        }}
        onPointerUp={() => {
          if (drag === null) return;
          setDrag(null);
          send(settings.setValueMethod, drag, drag);
        }}
        onPointerCancel={() => setDrag(null)}
      >
        <path d={arc(-135, 135)} fill="none" stroke={theme.palette.divider} strokeWidth={6} strokeLinecap="round" />
        {angle > -135 ? (
          <path d={arc(-135, angle)} fill="none" stroke={main} strokeWidth={6} strokeLinecap="round" />
        ) : null}
        <circle cx={50} cy={50} r={R - 8} fill={theme.palette.background.paper} stroke={theme.palette.divider} />
        <circle cx={tip.x} cy={tip.y} r={3.5} fill={main} />
        <text
          x={50}
          y={54}
          textAnchor="middle"
          fontSize={14}
          fill={theme.palette.text.primary}
          style={{ userSelect: 'none' }}
        >
          {formatValue(value, { decimals, units: strSetting(ctx.settings, 'units', '') })}
        </text>
      </Box>
    </ControlFrame>
  );
}
