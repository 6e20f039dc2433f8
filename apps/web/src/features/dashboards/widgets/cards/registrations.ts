import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Card widgets: latest values as text, labels over an image, and the author's own HTML. */
export const CARDS_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['cards.simple_card'],
    kind: 'latest',
    component: lazy(() => import('./simple-card-widget').then((m) => ({ default: m.SimpleCardWidget }))),
  },
  {
    keys: ['cards.attributes_card'],
    kind: 'latest',
    component: lazy(() => import('./attributes-card-widget').then((m) => ({ default: m.AttributesCardWidget }))),
  },
  {
    keys: ['cards.label_widget'],
    kind: 'latest',
    component: lazy(() => import('./label-widget').then((m) => ({ default: m.LabelWidget }))),
  },
  {
    keys: ['cards.html_card'],
    kind: 'static',
    component: lazy(() => import('./html-card-widget').then((m) => ({ default: m.HtmlCardWidget }))),
  },
  {
    keys: ['cards.html_value_card'],
    kind: 'latest',
    component: lazy(() => import('./html-card-widget').then((m) => ({ default: m.HtmlValueCardWidget }))),
  },
];
