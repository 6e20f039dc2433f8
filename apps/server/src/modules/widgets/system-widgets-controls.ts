// System bundles "control_widgets" and "gpio_widgets" (ThingsBoard 3.2 aliases). RPC widgets talk
// to the device chosen in the widget's target device alias.
import {
  bool,
  choice,
  color,
  int,
  num,
  type Settings,
  type SystemWidgetDef,
  text,
  widget,
} from './system-widget-kit.ts';

const rpc = (getMethod: string, setMethod: string): Settings => ({
  title: text('Title shown in the widget'),
  retrieveValueMethod: choice('Read the current value from', ['rpc', 'attribute', 'timeseries', 'none'], 'rpc'),
  valueKey: text('Attribute or time-series key (when not read by RPC)', 'value'),
  getValueMethod: text('RPC method that reads the value', getMethod),
  setValueMethod: text('RPC method that sets the value', setMethod),
  requestTimeout: int('RPC timeout (ms)', 5000, { minimum: 0 }),
  requestPersistent: bool('Persistent RPC (kept until the device comes online)', false),
});

const gpioPins = (withColors: boolean) => ({
  type: 'array' as const,
  title: 'Pins',
  default: [
    { pin: 1, label: 'GPIO 1', row: 0, col: 0, ...(withColors ? { colorOn: '#4caf50', colorOff: '#9e9e9e' } : {}) },
    { pin: 2, label: 'GPIO 2', row: 0, col: 1, ...(withColors ? { colorOn: '#4caf50', colorOff: '#9e9e9e' } : {}) },
  ],
  items: {
    type: 'object' as const,
    properties: {
      pin: int('Pin', 1, { minimum: 0 }),
      label: text('Label'),
      row: int('Row', 0, { minimum: 0 }),
      col: int('Column (0 or 1)', 0, { minimum: 0, maximum: 1 }),
      ...(withColors
        ? { colorOn: color('Color when on', '#4caf50'), colorOff: color('Color when off', '#9e9e9e') }
        : {}),
    },
    required: ['pin', 'label', 'row', 'col'],
  },
});

export const CONTROL_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'switch_control',
    name: 'Switch control',
    description: 'On/off switch that sends an RPC to the device and shows its current state.',
    type: 'rpc',
    sizeX: 4,
    sizeY: 2,
    settings: { ...rpc('getValue', 'setValue'), showOnOffLabels: bool('Show on/off labels', true) },
  }),
  widget({
    alias: 'round_switch',
    name: 'Round switch',
    description: 'Round on/off switch sending RPC commands.',
    type: 'rpc',
    sizeX: 2.5,
    sizeY: 2,
    settings: rpc('getValue', 'setValue'),
  }),
  widget({
    alias: 'slide_toggle_control',
    name: 'Slide toggle',
    description: 'Slide toggle sending RPC commands.',
    type: 'rpc',
    sizeX: 4,
    sizeY: 1,
    settings: {
      ...rpc('getValue', 'setValue'),
      labelPosition: choice('Label position', ['after', 'before'], 'after'),
      sliderColor: choice('Color', ['primary', 'accent', 'warn'], 'accent'),
    },
  }),
  widget({
    alias: 'knob_control',
    name: 'Knob control',
    description: 'Rotary knob that sets a numeric value on the device by RPC.',
    type: 'rpc',
    sizeX: 3,
    sizeY: 3,
    settings: {
      ...rpc('getValue', 'setValue'),
      minValue: num('Minimum value', 0),
      maxValue: num('Maximum value', 100),
      initialValue: num('Value shown before the device answers', 50),
    },
  }),
  widget({
    alias: 'slider_control',
    name: 'Slider control',
    description: 'Slider that sets a numeric value on the device by RPC when released, and shows its current value.',
    type: 'rpc',
    sizeX: 5,
    sizeY: 2.5,
    settings: {
      ...rpc('getValue', 'setValue'),
      minValue: num('Minimum value', 0),
      maxValue: num('Maximum value', 100),
      step: num('Step', 1, { minimum: 0 }),
      initialValue: num('Value shown before the device answers', 0),
      units: text('Units'),
    },
  }),
  widget({
    alias: 'rpc_button',
    name: 'RPC button',
    description:
      'Button sending one RPC command (fixed method and params) to the device, optionally after a confirmation.',
    type: 'rpc',
    sizeX: 3,
    sizeY: 2,
    settings: {
      title: text('Title shown in the widget'),
      buttonLabel: text('Button label', 'Send'),
      buttonColor: choice('Button color', ['primary', 'secondary', 'error', 'warning', 'success'], 'primary'),
      methodName: text('RPC method', 'rpcCommand'),
      methodParams: text('RPC params (JSON, or plain text)', '{}', { format: 'textarea' }),
      oneWay: bool('One-way (do not wait for a reply)', false),
      requestTimeout: int('RPC timeout (ms)', 5000, { minimum: 0 }),
      requireConfirmation: bool('Ask for confirmation before sending', false),
      confirmationText: text('Confirmation question', 'Send the command to the device?'),
    },
  }),
  widget({
    alias: 'led_indicator',
    name: 'Led indicator',
    description: 'Lamp showing a boolean state of the device, read by RPC, attribute or time series.',
    type: 'rpc',
    sizeX: 4,
    sizeY: 2,
    settings: {
      title: text('Title shown in the widget'),
      ledColor: color('Led color', '#4caf50'),
      initialValue: bool('State shown before the first value', false),
      retrieveValueMethod: choice('Read the state from', ['rpc', 'attribute', 'timeseries'], 'attribute'),
      valueKey: text('Attribute or time-series key', 'value'),
      checkStatusMethod: text('RPC method that reads the state', 'checkStatus'),
      requestTimeout: int('RPC timeout (ms)', 5000, { minimum: 0 }),
    },
  }),
];

export const GPIO_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'basic_gpio_control',
    name: 'Basic GPIO Control',
    description: 'Switches for GPIO pins of a device, read and set by RPC.',
    type: 'rpc',
    sizeX: 4,
    sizeY: 2,
    settings: {
      gpioList: gpioPins(false),
      statusRequestMethod: text('RPC method that reads all pins', 'getGpioStatus'),
      changeRequestMethod: text('RPC method that sets a pin ({"pin", "enabled"} as params)', 'setGpioStatus'),
      requestTimeout: int('RPC timeout (ms)', 5000, { minimum: 0 }),
      panelBackgroundColor: color('Panel background', '#fff'),
    },
  }),
  widget({
    alias: 'gpio_panel',
    name: 'Basic GPIO Panel',
    description: 'Lamps for GPIO pins whose states the device reports as attributes or time series.',
    type: 'latest',
    sizeX: 5,
    sizeY: 2,
    keys: [
      { label: '1', funcBody: 'return Math.random() > 0.5;' },
      { label: '2', funcBody: 'return Math.random() > 0.5;' },
    ],
    settings: {
      gpioList: gpioPins(true),
      ledPanelBackgroundColor: color('Panel background', '#008a00'),
    },
  }),
];
