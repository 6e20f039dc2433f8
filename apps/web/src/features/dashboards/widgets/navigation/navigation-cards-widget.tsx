import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../../app/shell/menu-icon';
import { useMenuData } from '../../../../app/shell/use-menu-data';
import type { User } from '../../../auth/auth-types';
import { useCurrentUser } from '../../../auth/auth-queries';
import { arraySetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { filterPlaces, filterTypeOf, gridColumns, menuPlaces } from './navigation-model';
import { PlaceCard } from './place-card';

/** navigation_widgets.navigation_cards: the pages of the user's menu as cards (only what the role may open). */
export function NavigationCardsWidget({ ctx }: WidgetProps) {
  const user = useCurrentUser();
  if (!user.data) return <WidgetMessage text={user.isError ? 'widget.no-data' : 'common.loading'} />;
  return <NavigationCards ctx={ctx} user={user.data} />;
}

function NavigationCards({ ctx, user }: WidgetProps & { user: User }) {
  const { t } = useTranslation();
  const { menu } = useMenuData(user);
  const places = filterPlaces(
    menuPlaces(menu),
    filterTypeOf(ctx.settings.filterType),
    arraySetting(ctx.settings, 'filter'),
  );
  if (places.length === 0) return <WidgetMessage text={ctx.noDataMessage ?? 'widget.no-data'} />;
  const columns = gridColumns(ctx.width - 16);
  return (
    <Box
      sx={{
        height: '100%',
        overflow: 'auto',
        p: 1,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gridAutoRows: 104,
      }}
    >
      {places.map((place) => (
        <PlaceCard
          key={place.path}
          to={place.path}
          editing={ctx.editing}
          label={place.title ?? t(place.name)}
          icon={<MenuIcon name={place.icon} className="place-icon" />}
        />
      ))}
    </Box>
  );
}
