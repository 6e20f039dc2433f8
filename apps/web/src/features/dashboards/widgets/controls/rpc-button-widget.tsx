import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { parseParams, readRpcSettings, replySummary } from './control-model';
import { ControlFrame } from './control-frame';
import { useRpcControl } from './use-rpc-control';

const COLORS = ['primary', 'secondary', 'error', 'warning', 'success'] as const;
type ButtonColor = (typeof COLORS)[number];

/** rpc_button: one fixed RPC (method + params) per click, optionally confirmed first. */
export function RpcButtonWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  // The button only sends: reading a value back makes no sense here.
  const settings = useMemo(
    () => ({ ...readRpcSettings(ctx.settings), retrieveValueMethod: 'none' as const }),
    [ctx.settings],
  );
  const { target, state, send } = useRpcControl<string>(ctx, { settings, parse: replySummary });
  const [confirming, setConfirming] = useState(false);
  const s = ctx.settings;
  const method = strSetting(s, 'methodName', 'rpcCommand');
  const oneway = boolSetting(s, 'oneWay', false);
  const colorSetting = strSetting(s, 'buttonColor', 'primary');
  const color: ButtonColor = (COLORS as readonly string[]).includes(colorSetting)
    ? (colorSetting as ButtonColor)
    : 'primary';
  const label = strSetting(s, 'buttonLabel', t('widget.control.send'));
  const fire = () => send(method, parseParams(s.methodParams), '', oneway);
  const onClick = () => {
    if (ctx.editing) return;
    if (boolSetting(s, 'requireConfirmation', false)) setConfirming(true);
    else fire();
  };
  const done = state.status === 'value';

  return (
    <ControlFrame target={target} state={state} title={strSetting(s, 'title', '')} height={ctx.height}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, maxWidth: '100%', px: 1 }}>
        <Button
          variant="contained"
          color={color}
          onClick={onClick}
          disabled={ctx.editing || state.status === 'pending'}
          sx={{ maxWidth: '100%' }}
        >
          <Typography noWrap variant="button">
            {label}
          </Typography>
        </Button>
        {done ? (
          <Typography
            variant="caption"
            color="success.main"
            noWrap
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}
            data-testid="rpc-button-result"
          >
            <CheckCircleOutlineIcon sx={{ fontSize: 14 }} />
            {state.value || t('widget.control.done')}
          </Typography>
        ) : null}
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <DialogContentText>{strSetting(s, 'confirmationText', t('widget.control.confirm-send'))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              fire();
            }}
          >
            {t('action.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </ControlFrame>
  );
}
