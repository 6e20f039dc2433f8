import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { readRpcSettings, rpcBoolean, shownValue } from './control-model';
import { ControlFrame } from './control-frame';
import { useRpcControl } from './use-rpc-control';

const SLIDER_COLORS = { primary: 'primary', accent: 'secondary', warn: 'error' } as const;

/**
 * On/off controls: switch_control (a large switch with ON/OFF labels), round_switch (a round power
 * button) and slide_toggle_control (a slide toggle with its label). Each sends setValue(true|false)
 * and shows what the device confirmed.
 */
export function SwitchControlWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => readRpcSettings(ctx.settings), [ctx.settings]);
  const { target, state, send } = useRpcControl<boolean>(ctx, { settings, parse: rpcBoolean });
  const on = shownValue(state) ?? false;
  const pending = state.status === 'pending';
  const disabled = ctx.editing || pending;
  const toggle = () => {
    if (!disabled) send(settings.setValueMethod, !on, !on);
  };
  const title = strSetting(ctx.settings, 'title', '');
  const variant = ctx.widget.typeAlias;

  let control;
  if (variant === 'round_switch') {
    const size = Math.max(32, Math.min(ctx.width, ctx.height - 40, 140));
    control = (
      <ButtonBase
        onClick={toggle}
        disabled={disabled}
        aria-pressed={on}
        aria-label={title || t('widget.control.toggle')}
        sx={(theme) => ({
          width: size,
          height: size,
          borderRadius: '50%',
          border: `3px solid ${on ? theme.palette.primary.main : theme.palette.divider}`,
          bgcolor: on ? alpha(theme.palette.primary.main, 0.15) : theme.palette.action.hover,
          color: on ? theme.palette.primary.main : theme.palette.text.disabled,
          boxShadow: on ? `0 0 ${size / 6}px ${alpha(theme.palette.primary.main, 0.5)}` : 'none',
          transition: 'all 200ms',
          opacity: pending ? 0.6 : 1,
        })}
      >
        <PowerSettingsNewIcon sx={{ fontSize: size * 0.5 }} />
      </ButtonBase>
    );
  } else if (variant === 'slide_toggle_control') {
    const colorKey = strSetting(ctx.settings, 'sliderColor', 'accent');
    const color = SLIDER_COLORS[colorKey as keyof typeof SLIDER_COLORS] ?? 'secondary';
    control = (
      <FormControlLabel
        sx={{ m: 0, maxWidth: '100%' }}
        labelPlacement={strSetting(ctx.settings, 'labelPosition', 'after') === 'before' ? 'start' : 'end'}
        disabled={disabled}
        control={<Switch checked={on} onChange={toggle} color={color} />}
        label={<Typography noWrap>{title}</Typography>}
      />
    );
  } else {
    const labels = boolSetting(ctx.settings, 'showOnOffLabels', true);
    control = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {labels ? (
          <Typography color={on ? 'text.disabled' : 'text.primary'}>{t('widget.control.off')}</Typography>
        ) : null}
        <Switch
          checked={on}
          onChange={toggle}
          disabled={disabled}
          slotProps={{ input: { 'aria-label': title || t('widget.control.toggle') } }}
          sx={{ transform: 'scale(1.4)', mx: 1 }}
        />
        {labels ? (
          <Typography color={on ? 'text.primary' : 'text.disabled'}>{t('widget.control.on')}</Typography>
        ) : null}
      </Box>
    );
  }

  return (
    <ControlFrame
      target={target}
      state={state}
      title={variant === 'slide_toggle_control' ? '' : title}
      height={ctx.height}
    >
      {control}
    </ControlFrame>
  );
}
