import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { arraySetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { gpioPanelStates, readGpioPins } from './control-model';
import { Led } from './led-indicator-widget';

/** gpio_panel: a LED per pin, lit by the value of the data key labelled with the pin number. */
export function GpioPanelWidget({ ctx }: WidgetProps) {
  const s = ctx.settings;
  const pins = useMemo(() => readGpioPins(arraySetting(s, 'gpioList')), [s]);
  const states = gpioPanelStates(ctx.data.series, pins);
  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (pins.length === 0) return <WidgetMessage text={ctx.noDataMessage ?? 'widget.no-data'} />;
  const oneColumn = ctx.width < 260;
  const rows = oneColumn ? pins.length : Math.max(...pins.map((p) => p.row)) + 1;
  const ledSize = Math.max(12, Math.min(32, (ctx.height - 16) / Math.max(1, rows) - 8));

  return (
    <Box
      sx={{
        height: '100%',
        overflow: 'auto',
        p: 1,
        borderRadius: 1,
        bgcolor: strSetting(s, 'ledPanelBackgroundColor', '#008a00'),
        color: '#fff',
        display: 'grid',
        gridTemplateColumns: oneColumn ? '1fr' : '1fr 1fr',
        alignContent: 'center',
        gap: 1,
      }}
    >
      {pins.map((p) => {
        const on = states.get(p.pin);
        return (
          <Box
            key={p.pin}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              minWidth: 0,
              gridColumn: oneColumn ? 'auto' : p.col + 1,
              gridRow: oneColumn ? 'auto' : p.row + 1,
              flexDirection: !oneColumn && p.col === 1 ? 'row-reverse' : 'row',
            }}
          >
            <Led
              on={on ?? false}
              unknown={on === undefined}
              color={on ? (p.colorOn ?? '#4caf50') : (p.colorOff ?? '#9e9e9e')}
              size={ledSize}
              label={p.label}
            />
            <Typography variant="body2" noWrap title={p.label}>
              {p.label}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
