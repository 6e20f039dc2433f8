import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { readRpcSettings, rpcBoolean } from './control-model';
import { ControlFrame } from './control-frame';
import { useRpcControl } from './use-rpc-control';

/** Spec 1-client §4.3: a circular LED, 50 px by default; off = the colour at 0.4 opacity, no glow. */
export const LED_DEFAULT_SIZE = 50;
export const LED_OFF_OPACITY = 0.4;

interface LedProps {
  on: boolean;
  color: string;
  size?: number;
  /** State unknown (no answer yet, or failed): drawn grey. */
  unknown?: boolean;
  label?: string;
}

/** The LED itself, shared with the GPIO panel. */
export function Led({ on, color, size = LED_DEFAULT_SIZE, unknown = false, label }: LedProps) {
  const theme = useTheme();
  const fill = unknown ? theme.palette.action.disabled : color;
  return (
    <Box
      role="img"
      aria-label={label}
      data-state={unknown ? 'unknown' : on ? 'on' : 'off'}
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: '50%',
        bgcolor: fill,
        opacity: on && !unknown ? 1 : LED_OFF_OPACITY,
        border: `1px solid ${theme.palette.divider}`,
        boxShadow: on && !unknown ? `0 0 ${size / 3}px ${fill}, inset 0 0 ${size / 6}px rgba(255,255,255,0.6)` : 'none',
        transition: 'opacity 200ms, box-shadow 200ms',
      }}
    />
  );
}

/** led_indicator: a device's boolean state, read by RPC (checkStatus, re-read periodically) or by a key. */
export function LedIndicatorWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const s = ctx.settings;
  const settings = useMemo(
    () => ({
      ...readRpcSettings({ retrieveValueMethod: 'attribute', ...s }),
      getValueMethod: strSetting(s, 'checkStatusMethod', 'checkStatus'),
    }),
    [s],
  );
  // Re-check after the previous check had time to end, so checks never overlap.
  const pollMs = Math.max(5000, settings.requestTimeout + 1000);
  const { target, state } = useRpcControl<boolean>(ctx, {
    settings,
    parse: rpcBoolean,
    initial: boolSetting(s, 'initialValue', false),
    pollMs,
  });
  const on = state.value ?? false;
  const title = strSetting(s, 'title', '');
  const size = Math.round(Math.min(120, Math.max(24, Math.min(ctx.width, ctx.height - 44) * 0.5, LED_DEFAULT_SIZE)));
  // A background re-check is not worth a "waiting" line once the state is known.
  const shown = state.status === 'pending' && state.value !== null ? { ...state, status: 'value' as const } : state;

  return (
    <ControlFrame target={target} state={shown} title={title} height={ctx.height}>
      <Led
        on={on}
        color={strSetting(s, 'ledColor', '#4caf50')}
        size={Math.min(size, Math.max(16, ctx.height - 44), ctx.width - 8)}
        unknown={state.status === 'error'}
        label={`${title} ${on ? t('widget.control.on') : t('widget.control.off')}`.trim()}
      />
    </ControlFrame>
  );
}
