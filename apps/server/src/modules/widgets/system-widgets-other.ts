// System bundles "alarm_widgets", "maps_v2", "navigation_widgets", "date" and "input_widgets".
import {
  bool,
  choice,
  color,
  int,
  num,
  randomWalk,
  type Settings,
  type SystemWidgetDef,
  text,
  widget,
} from './system-widget-kit.ts';

const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'] as const;
const INTERVALS = ['hour', 'day', 'week', 'twoWeeks', 'month', 'threeMonths', 'sixMonths'] as const;

const counter = (label: string, icon: string, iconColor: string): Settings => ({
  label: text('Label', label),
  icon: text('Icon (Material icon name)', icon),
  iconColor: color('Icon color', iconColor),
  valueColor: color('Value color', 'rgba(0, 0, 0, 0.87)'),
  valueFontSize: int('Value font size (px)', 36, { minimum: 6, maximum: 200 }),
});

const mapMarkers: Settings = {
  showLabel: bool('Show label', true),
  label: text('Label pattern', '${entityName}'),
  showTooltip: bool('Show tooltip on click', true),
  tooltipPattern: text('Tooltip pattern', '<b>${entityName}</b>', { format: 'textarea' }),
  markerColor: color('Marker color', '#f44336'),
  draggableMarker: bool('Markers can be dragged (saves the new position)', false),
};

export const ALARM_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'alarms_table',
    name: 'Alarms table',
    description: 'Alarms of the chosen entities (or of all) in the time window, with acknowledge and clear.',
    type: 'alarm',
    sizeX: 7.5,
    sizeY: 6.5,
    settings: {
      alarmsTitle: text('Table title', 'Alarms'),
      enableSelection: bool('Enable selection', true),
      enableSearch: bool('Enable search', true),
      enableSelectColumnDisplay: bool('Let users choose the columns', true),
      enableFilter: bool('Enable filter', true),
      displayDetails: bool('Display alarm details', true),
      allowAcknowledgment: bool('Allow acknowledge', true),
      allowClear: bool('Allow clear', true),
      displayPagination: bool('Display pagination', true),
      defaultPageSize: int('Default page size', 10, { minimum: 1, maximum: 1000 }),
      defaultSortOrder: text('Default sort order (column, "-" first for descending)', '-createdTime'),
    },
    dataKeySettings: { columnWidth: text('Column width (px or %)', '0px') },
  }),
  widget({
    alias: 'alarm_count',
    name: 'Alarm count',
    description: 'Number of alarms matching a status, severities and types, for the chosen entities or all.',
    type: 'alarmCounter',
    sizeX: 4,
    sizeY: 3,
    settings: {
      ...counter('Active alarms', 'notifications', '#f44336'),
      searchStatus: choice('Alarm status', ['ANY', 'ACTIVE', 'CLEARED', 'ACK', 'UNACK'], 'ACTIVE'),
      severities: {
        type: 'array',
        title: 'Severities (none = all)',
        default: [],
        uniqueItems: true,
        items: choice('Severity', SEVERITIES, 'CRITICAL'),
      },
      alarmTypes: { type: 'array', title: 'Alarm types (none = all)', default: [], items: text('Type') },
    },
  }),
  widget({
    alias: 'device_health_count',
    name: 'Device health count',
    description: 'Number of active or inactive devices (by their connectivity state), of a profile or all.',
    type: 'deviceHealthCounter',
    sizeX: 4,
    sizeY: 3,
    settings: {
      ...counter('Inactive devices', 'portable_wifi_off', '#ff9800'),
      state: choice('Devices counted', ['active', 'inactive', 'all'], 'inactive'),
      showTotal: bool('Show the total next to the count', true),
      deviceProfiles: { type: 'array', title: 'Device profiles (none = all)', default: [], items: text('Profile') },
    },
  }),
];

export const MAP_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'openstreetmap',
    name: 'OpenStreetMap',
    description: 'Entities as markers on an OpenStreetMap map, placed by latitude and longitude keys.',
    type: 'latest',
    sizeX: 8.5,
    sizeY: 6,
    keys: [
      { label: 'latitude', funcBody: randomWalk(37.3, 37.5, 0.01) },
      { label: 'longitude', funcBody: randomWalk(-122.2, -121.9, 0.01) },
    ],
    settings: {
      mapProvider: choice(
        'Map tiles',
        ['OpenStreetMap.Mapnik', 'OpenStreetMap.HOT', 'Esri.WorldStreetMap', 'Esri.WorldTopoMap', 'CartoDB.Positron'],
        'OpenStreetMap.Mapnik',
      ),
      latKeyName: text('Latitude key', 'latitude'),
      lngKeyName: text('Longitude key', 'longitude'),
      fitMapBounds: bool('Fit the map to the markers', true),
      defaultZoomLevel: int('Zoom level when not fitting (1-20)', 8, { minimum: 1, maximum: 20 }),
      defaultCenterPosition: text('Center when there are no markers (lat,lng)', '0,0'),
      disableScrollZooming: bool('Disable zoom by mouse wheel', false),
      useClusterMarkers: bool('Group nearby markers', false),
      ...mapMarkers,
    },
  }),
  widget({
    alias: 'image_map',
    name: 'Image Map',
    description: 'Entities as markers on an image (floor plan, site map), placed by relative x/y keys.',
    type: 'latest',
    sizeX: 8.5,
    sizeY: 6,
    keys: [
      { label: 'xPos', funcBody: randomWalk(0, 1, 0.05) },
      { label: 'yPos', funcBody: randomWalk(0, 1, 0.05) },
    ],
    settings: {
      mapImageUrl: text('Image URL (empty = a placeholder plan)'),
      xPosKeyName: text('X position key (0..1 of the width)', 'xPos'),
      yPosKeyName: text('Y position key (0..1 of the height)', 'yPos'),
      ...mapMarkers,
    },
  }),
];

export const NAVIGATION_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'navigation_cards',
    name: 'Navigation cards',
    description: 'Cards linking to the pages of the application the user may open.',
    type: 'static',
    sizeX: 10,
    sizeY: 6,
    settings: {
      filterType: choice('Pages shown', ['all', 'include', 'exclude'], 'all'),
      filter: { type: 'array', title: 'Page paths to include or exclude', default: [], items: text('Path') },
    },
  }),
  widget({
    alias: 'navigation_card',
    name: 'Navigation card',
    description: 'One card linking to a page of the application.',
    type: 'static',
    sizeX: 2,
    sizeY: 2,
    settings: {
      name: text('Name', 'Devices'),
      icon: text('Icon (Material icon name)', 'devices_other'),
      path: text('Path', '/devices'),
    },
    config: { showTitle: false },
  }),
];

export const DATE_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'date_range_navigator',
    name: 'Date-range-navigator',
    description: "Picks and steps through the dashboard's time window (hour, day, week…).",
    type: 'static',
    sizeX: 5.5,
    sizeY: 1.5,
    settings: {
      hidePicker: bool('Hide the date picker', false),
      onePanel: bool('One calendar panel', false),
      autoConfirm: bool('Apply without confirmation', false),
      showTemplate: bool('Show quick ranges', false),
      firstDayOfWeek: int('First day of week (0 = Sunday)', 1, { minimum: 0, maximum: 6 }),
      hideInterval: bool('Hide the interval selector', false),
      initialInterval: choice('Initial interval', INTERVALS, 'week'),
      hideStepSize: bool('Hide the step selector', false),
      stepSize: choice('Step', INTERVALS, 'day'),
      hideLabels: bool('Hide labels', false),
      useSessionStorage: bool('Remember the range for the browser session', true),
    },
    config: { showTitle: false },
  }),
];

export const INPUT_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'update_multiple_attributes',
    name: 'Update Multiple Attributes',
    description: 'A form editing several attributes (or time-series values) of one entity at once.',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: {
      showGroupTitle: bool('Show title above the fields', false),
      groupTitle: text('Title', '${entityName}'),
      fieldsAlignment: choice('Fields layout', ['row', 'column'], 'row'),
      fieldsInRow: int('Fields per row', 2, { minimum: 1, maximum: 10 }),
      updateAllValues: bool('Save all values, not only the changed ones', false),
      showActionButtons: bool('Show save and undo buttons', true),
      saveButtonLabel: text('Save button label', 'Save'),
      resetButtonLabel: text('Undo button label', 'Undo'),
      showResultMessage: bool('Show a message after saving', true),
    },
    dataKeySettings: {
      dataKeyType: choice('Saved as', ['server', 'shared', 'timeseries'], 'server'),
      dataKeyValueType: choice(
        'Value type',
        ['string', 'double', 'integer', 'booleanCheckbox', 'booleanSwitch', 'dateTime', 'date', 'time', 'select'],
        'string',
      ),
      required: bool('Required', false),
      isEditable: choice('Field', ['editable', 'disabled', 'readonly'], 'editable'),
      dataKeyHidden: bool('Hidden', false),
      minValue: num('Minimum (numbers)'),
      maxValue: num('Maximum (numbers)'),
      step: num('Step (numbers)', 1),
      selectOptions: {
        type: 'array',
        title: 'Options (select)',
        default: [],
        items: { type: 'object', properties: { value: text('Value'), label: text('Label') }, required: ['value'] },
      },
    },
    // Input widgets edit a real entity: the user picks it, there is no function example.
    config: { datasources: [] },
  }),
];
