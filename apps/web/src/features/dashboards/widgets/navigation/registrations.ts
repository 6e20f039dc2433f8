import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Navigation widgets: cards linking to the app's pages. */
export const NAVIGATION_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['navigation_widgets.navigation_cards'],
    kind: 'static',
    component: lazy(() => import('./navigation-cards-widget').then((m) => ({ default: m.NavigationCardsWidget }))),
  },
  {
    keys: ['navigation_widgets.navigation_card'],
    kind: 'static',
    component: lazy(() => import('./navigation-card-widget').then((m) => ({ default: m.NavigationCardWidget }))),
  },
];
