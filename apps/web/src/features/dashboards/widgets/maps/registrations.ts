import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Maps: OpenStreetMap (Leaflet, loaded only with the widget) and markers over an image. */
export const MAPS_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['maps_v2.openstreetmap'],
    kind: 'latest',
    component: lazy(() => import('./openstreetmap-widget').then((m) => ({ default: m.OpenStreetMapWidget }))),
  },
  {
    keys: ['maps_v2.image_map'],
    kind: 'latest',
    component: lazy(() => import('./image-map-widget').then((m) => ({ default: m.ImageMapWidget }))),
  },
];
