import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { MaterialIcon } from '../../../../components/icon-picker';
import { strSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import { normalizePath } from './navigation-model';
import { PlaceCard } from './place-card';

/** navigation_widgets.navigation_card: one card linking to a page of the app. */
export function NavigationCardWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const name = strSetting(ctx.settings, 'name', 'Devices');
  const icon = strSetting(ctx.settings, 'icon', 'devices_other');
  const path = normalizePath(strSetting(ctx.settings, 'path', '/devices'));
  // The icon scales with the box; the name needs about 40 px below it.
  const iconSize = Math.max(20, Math.min(64, ctx.height - 48, ctx.width * 0.5));
  return (
    <Box sx={{ height: '100%', p: 0.5 }}>
      <PlaceCard
        to={path}
        editing={ctx.editing}
        // A translation key (imported ThingsBoard cards use them) or plain text.
        label={t(name, { defaultValue: name })}
        iconSize={iconSize}
        icon={<MaterialIcon name={icon} className="place-icon" />}
      />
    </Box>
  );
}
