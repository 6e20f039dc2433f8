import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetMessage } from '../shared/widget-message';
import type { Feedback } from './control-model';
import type { TargetDevice } from './use-target-device';

interface Props {
  target: TargetDevice;
  state: Pick<Feedback<unknown>, 'status' | 'error'>;
  title?: string;
  /** Height of the widget box: the status line is dropped when there is no room for it. */
  height: number;
  children: ReactNode;
}

/**
 * The common layout of an RPC control: optional title, the control centred, and one status line
 * telling the user a command is on its way or why it failed (the device's or server's message).
 */
export function ControlFrame({ target, state, title, height, children }: Props) {
  const { t } = useTranslation();
  if (target.status === 'none') return <WidgetMessage text={target.message} />;
  if (target.status === 'loading') {
    return (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  const roomy = height >= 70;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>
      {title && roomy ? (
        <Typography variant="subtitle2" noWrap align="center" sx={{ flex: 'none' }}>
          {title}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {children}
      </Box>
      {roomy ? <StatusLine state={state} t={t} /> : null}
    </Box>
  );
}

function StatusLine({ state, t }: { state: Props['state']; t: (key: string) => string }) {
  const text =
    state.status === 'pending'
      ? t('widget.control.pending')
      : state.status === 'error' && state.error
        ? t(state.error)
        : '';
  return (
    <Box sx={{ flex: 'none', height: 20, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
      {state.status === 'pending' ? <CircularProgress size={12} /> : null}
      <Typography
        variant="caption"
        noWrap
        title={text}
        color={state.status === 'error' ? 'error' : 'text.secondary'}
        data-testid="control-status"
      >
        {text}
      </Typography>
    </Box>
  );
}
