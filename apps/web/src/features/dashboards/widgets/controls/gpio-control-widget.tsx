import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { arraySetting, numSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { gpioStatus, readGpioPins, rpcBody, rpcErrorText, rpcPath } from './control-model';
import { ControlFrame } from './control-frame';
import { useTargetDevice } from './use-target-device';

interface GpioState {
  pins: Map<number, boolean>;
  pending: Set<number>;
  loading: boolean;
  error: string | null;
}

/**
 * basic_gpio_control: one switch per pin. Reads all pins with statusRequestMethod, sets one with
 * changeRequestMethod({pin, enabled}); the reply (the pins' status) is what the switches then show.
 */
export function GpioControlWidget({ ctx }: WidgetProps) {
  const target = useTargetDevice(ctx);
  const s = ctx.settings;
  const pins = useMemo(() => readGpioPins(arraySetting(s, 'gpioList')), [s]);
  const statusMethod = strSetting(s, 'statusRequestMethod', 'getGpioStatus');
  const changeMethod = strSetting(s, 'changeRequestMethod', 'setGpioStatus');
  const timeout = Math.max(0, numSetting(s, 'requestTimeout', 5000));
  const [state, setState] = useState<GpioState>({ pins: new Map(), pending: new Set(), loading: false, error: null });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const { api, editing } = ctx;
  const deviceId = target.status === 'ready' ? target.id : null;

  const rpc = useCallback(
    (method: string, params: unknown) =>
      api.post<unknown>(rpcPath(deviceId ?? ''), rpcBody(method, params, timeout), {
        ignoreErrors: true,
        ignoreLoading: true,
      }),
    [api, deviceId, timeout],
  );

  useEffect(() => {
    if (!deviceId || editing) return;
    setState((st) => ({ ...st, loading: true, error: null }));
    rpc(statusMethod, null)
      .then((reply) => {
        if (alive.current) setState((st) => ({ ...st, loading: false, pins: gpioStatus(reply, pins) }));
      })
      .catch((error: unknown) => {
        if (alive.current) setState((st) => ({ ...st, loading: false, error: rpcErrorText(error) }));
      });
  }, [rpc, deviceId, editing, statusMethod, pins]);

  const toggle = (pin: number, enabled: boolean) => {
    if (!deviceId || editing || state.pending.has(pin)) return;
    setState((st) => ({ ...st, pending: new Set(st.pending).add(pin), error: null }));
    const done = (patch: (st: GpioState) => Partial<GpioState>) => {
      if (!alive.current) return;
      setState((st) => {
        const pending = new Set(st.pending);
        pending.delete(pin);
        return { ...st, ...patch(st), pending };
      });
    };
    rpc(changeMethod, { pin, enabled })
      .then((reply) =>
        done((st) => {
          // Devices answer with every pin's status; one that answers otherwise confirmed this pin.
          const fromReply = gpioStatus(reply, pins);
          const next = new Map(st.pins);
          if (fromReply.size > 0) for (const [p, v] of fromReply) next.set(p, v);
          else next.set(pin, enabled);
          return { pins: next };
        }),
      )
      .catch((error: unknown) => done(() => ({ error: rpcErrorText(error) })));
  };

  const bg = strSetting(s, 'panelBackgroundColor', '');
  // White is the stored default: leave the card's own (theme) background then, dark mode included.
  const panelBackground = bg && !/^#fff(fff)?$/i.test(bg) ? bg : undefined;
  const status = state.loading || state.pending.size > 0 ? 'pending' : state.error ? 'error' : 'value';
  return (
    <ControlFrame target={target} state={{ status, error: state.error }} height={ctx.height}>
      <Box
        sx={{
          width: '100%',
          height: '100%',
          overflow: 'auto',
          display: 'grid',
          gridTemplateColumns: ctx.width < 260 ? '1fr' : '1fr 1fr',
          alignContent: 'center',
          columnGap: 2,
          px: 1,
          bgcolor: panelBackground,
        }}
      >
        {pins.map((p) => (
          <Box
            key={p.pin}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gridColumn: ctx.width < 260 ? 'auto' : p.col + 1,
              minWidth: 0,
            }}
          >
            <Typography noWrap variant="body2" title={p.label}>
              {p.label}
            </Typography>
            <Switch
              size="small"
              checked={state.pins.get(p.pin) ?? false}
              disabled={editing || state.pending.has(p.pin) || state.loading}
              onChange={(_, checked) => toggle(p.pin, checked)}
              slotProps={{ input: { 'aria-label': p.label } }}
            />
          </Box>
        ))}
      </Box>
    </ControlFrame>
  );
}
