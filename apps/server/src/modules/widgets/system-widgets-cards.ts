// System bundle "cards" (ThingsBoard 3.2 aliases, so imported dashboards resolve).
import {
  bool,
  choice,
  color,
  int,
  type Settings,
  type SystemWidgetDef,
  text,
  valueFormat,
  widget,
} from './system-widget-kit.ts';

const font = (valueSize: number, labelSize: number): Settings => ({
  valueFontSize: int('Value font size (px)', valueSize, { minimum: 6, maximum: 200 }),
  labelFontSize: int('Label font size (px)', labelSize, { minimum: 6, maximum: 200 }),
  textColor: color('Text color', 'rgba(0, 0, 0, 0.87)'),
});

const table = (sortOrder: string): Settings => ({
  enableSearch: bool('Enable search', true),
  enableSelectColumnDisplay: bool('Let users choose the columns', true),
  displayPagination: bool('Display pagination', true),
  defaultPageSize: int('Default page size', 10, { minimum: 1, maximum: 1000 }),
  defaultSortOrder: text('Default sort order (column, "-" first for descending)', sortOrder),
});

const htmlSettings = (html: string): Settings => ({
  cardHtml: text('HTML', html, { format: 'textarea' }),
  cardCss: text('CSS', '.card {\n  font-weight: bold;\n}', { format: 'textarea' }),
});

export const CARD_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'simple_card',
    name: 'Simple card',
    description: 'The latest value of one key with its label.',
    type: 'latest',
    sizeX: 5,
    sizeY: 3,
    keys: [{ label: 'Temperature' }],
    settings: {
      labelPosition: choice('Label position', ['top', 'left'], 'top'),
      ...valueFormat('°C', 1),
      ...font(32, 16),
    },
  }),
  widget({
    alias: 'attributes_card',
    name: 'Attributes card',
    description: 'Latest values of several keys as a table per entity.',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    keys: [{ label: 'First' }, { label: 'Second' }],
    settings: {
      showDatasourceTitle: bool('Show entity name above its values', true),
      ...valueFormat('', 2),
      ...font(16, 16),
    },
  }),
  widget({
    alias: 'timeseries_table',
    name: 'Timeseries table',
    description: 'Values of the time window in a table: one row per timestamp, one column per key.',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 6.5,
    keys: [{ label: 'First' }, { label: 'Second' }],
    settings: {
      showTimestamp: bool('Show timestamp column', true),
      dateFormat: text('Timestamp format', 'YYYY-MM-DD HH:mm:ss'),
      showMilliseconds: bool('Show milliseconds', false),
      hideEmptyLines: bool('Hide rows with no values', false),
      ...table('-0'),
      ...valueFormat('', 2),
    },
    dataKeySettings: { columnWidth: text('Column width (px or %)', '0px') },
  }),
  widget({
    alias: 'entities_table',
    name: 'Entities table',
    description: 'Entities of a datasource with the latest values of their keys, one row per entity.',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 6.5,
    keys: [{ label: 'First' }, { label: 'Second' }],
    settings: {
      entitiesTitle: text('Table title'),
      displayEntityName: bool('Display entity name', true),
      entityNameColumnTitle: text('Entity name column title'),
      displayEntityLabel: bool('Display entity label', false),
      displayEntityType: bool('Display entity type', false),
      ...table('entityName'),
    },
    dataKeySettings: { columnWidth: text('Column width (px or %)', '0px') },
  }),
  widget({
    alias: 'label_widget',
    name: 'Label widget',
    description: 'Labels with live values placed over a background image.',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 4.5,
    keys: [{ label: 'Value' }],
    settings: {
      backgroundImageUrl: text('Background image URL'),
      labels: {
        type: 'array',
        title: 'Labels',
        default: [
          {
            pattern: 'Value: ${Value:2}',
            x: 50,
            y: 50,
            backgroundColor: 'rgba(0, 0, 0, 0)',
            fontColor: '#000',
            fontSize: 16,
          },
        ],
        items: {
          type: 'object',
          properties: {
            pattern: text('Pattern (${key label} is replaced by the value)', 'Value: ${Value}'),
            x: int('X (% of the width)', 50, { minimum: 0, maximum: 100 }),
            y: int('Y (% of the height)', 50, { minimum: 0, maximum: 100 }),
            backgroundColor: color('Background color', 'rgba(0, 0, 0, 0)'),
            fontColor: color('Font color', '#000'),
            fontSize: int('Font size (px)', 16, { minimum: 6 }),
          },
          required: ['pattern', 'x', 'y'],
        },
      },
    },
  }),
  widget({
    alias: 'html_card',
    name: 'HTML Card',
    description: 'Static HTML and CSS of your own (sanitised before display).',
    type: 'static',
    sizeX: 7.5,
    sizeY: 3,
    settings: htmlSettings('<div class="card">HTML code here</div>'),
  }),
  widget({
    alias: 'html_value_card',
    name: 'HTML Value Card',
    description: 'HTML of your own with ${key label} placeholders replaced by latest values.',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    keys: [{ label: 'Value' }],
    settings: htmlSettings(
      '<div class="card">\n  <div class="title">Value</div>\n  <div class="value">${Value:1}</div>\n</div>',
    ),
  }),
];
