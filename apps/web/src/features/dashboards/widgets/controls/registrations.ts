import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** RPC controls (switches, knob, slider, button, LED, GPIO) and the multiple-attributes form. */
export const CONTROLS_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['control_widgets.switch_control', 'control_widgets.round_switch', 'control_widgets.slide_toggle_control'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./switch-control-widget').then((m) => ({ default: m.SwitchControlWidget }))),
  },
  {
    keys: ['control_widgets.knob_control'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./knob-control-widget').then((m) => ({ default: m.KnobControlWidget }))),
  },
  {
    keys: ['control_widgets.slider_control'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./slider-control-widget').then((m) => ({ default: m.SliderControlWidget }))),
  },
  {
    keys: ['control_widgets.rpc_button'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./rpc-button-widget').then((m) => ({ default: m.RpcButtonWidget }))),
  },
  {
    keys: ['control_widgets.led_indicator'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./led-indicator-widget').then((m) => ({ default: m.LedIndicatorWidget }))),
  },
  {
    keys: ['gpio_widgets.basic_gpio_control'],
    kind: 'rpc',
    ownData: true,
    component: lazy(() => import('./gpio-control-widget').then((m) => ({ default: m.GpioControlWidget }))),
  },
  {
    keys: ['gpio_widgets.gpio_panel'],
    kind: 'latest',
    component: lazy(() => import('./gpio-panel-widget').then((m) => ({ default: m.GpioPanelWidget }))),
  },
  {
    keys: ['input_widgets.update_multiple_attributes'],
    kind: 'latest',
    component: lazy(() => import('./update-attributes-widget').then((m) => ({ default: m.UpdateAttributesWidget }))),
  },
];
