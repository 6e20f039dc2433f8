import { EntityViewsScreen } from '../features/entity-views/entity-views-screen';

/** Spec 1-client §2.7 /entityViews (tenant and customer roles): the entity views table. */
export function EntityViewsPage() {
  return <EntityViewsScreen />;
}
