// The settings dialog's values: the dashboard's title, its `configuration.settings` and the grid
// settings of a layout (ThingsBoard 3.2 names), with number fields as typed text until saved.
import type { DashboardSettings, GridSettings } from '../../../model/dashboard-config';

export interface DashboardSettingsValue {
  title: string;
  settings: DashboardSettings;
  gridSettings: GridSettings;
}

/** Grid limits of the ThingsBoard layout settings. */
export const COLUMNS_MIN = 10;
export const COLUMNS_MAX = 1000;
export const MARGIN_MIN = 0;
export const MARGIN_MAX = 50;
export const MOBILE_ROW_HEIGHT_MIN = 5;
export const MOBILE_ROW_HEIGHT_MAX = 200;

export const STATE_CONTROLLERS = ['entity', 'default'] as const;

/** CSS background-size values ThingsBoard offers, with their labels. */
export const BACKGROUND_SIZE_MODES: ReadonlyArray<{ value: string; key: string }> = [
  { value: '100%', key: 'dashboard.background-size-fit-width' },
  { value: 'auto 100%', key: 'dashboard.background-size-fit-height' },
  { value: 'cover', key: 'dashboard.background-size-cover' },
  { value: 'contain', key: 'dashboard.background-size-contain' },
  { value: 'auto', key: 'dashboard.background-size-original' },
];

export interface NumberFields {
  columns: string;
  marginH: string;
  marginV: string;
  mobileRowHeight: string;
}

export type SettingsField = 'title' | keyof NumberFields;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export function numberFields(grid: GridSettings): NumberFields {
  return {
    columns: String(grid.columns),
    marginH: String(grid.margins[0]),
    marginV: String(grid.margins[1]),
    mobileRowHeight: String(grid.mobileRowHeight),
  };
}

/** A whole number in [min, max], or undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

export function validateSettings(title: string, numbers: NumberFields): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!title.trim()) errors.title = 'dashboard.title-required';
  if (wholeIn(numbers.columns, COLUMNS_MIN, COLUMNS_MAX) === undefined) errors.columns = 'dashboard.columns-range';
  if (wholeIn(numbers.marginH, MARGIN_MIN, MARGIN_MAX) === undefined) errors.marginH = 'dashboard.margin-range';
  if (wholeIn(numbers.marginV, MARGIN_MIN, MARGIN_MAX) === undefined) errors.marginV = 'dashboard.margin-range';
  if (wholeIn(numbers.mobileRowHeight, MOBILE_ROW_HEIGHT_MIN, MOBILE_ROW_HEIGHT_MAX) === undefined)
    errors.mobileRowHeight = 'dashboard.mobile-row-height-range';
  return errors;
}

/** The saved value for valid fields: numbers written in, the logo URL and CSS dropped when empty. */
export function buildSettingsValue(value: DashboardSettingsValue, numbers: NumberFields): DashboardSettingsValue {
  const settings: DashboardSettings = { ...value.settings };
  if (!settings.dashboardLogoUrl?.trim()) delete settings.dashboardLogoUrl;
  if (!settings.dashboardCss?.trim()) delete settings.dashboardCss;
  const gridSettings: GridSettings = {
    ...value.gridSettings,
    columns: Number(numbers.columns),
    margins: [Number(numbers.marginH), Number(numbers.marginV)],
    mobileRowHeight: Number(numbers.mobileRowHeight),
  };
  const image = gridSettings.backgroundImageUrl;
  if (typeof image !== 'string' || !image.trim()) delete gridSettings.backgroundImageUrl;
  return { title: value.title.trim(), settings, gridSettings };
}

/** Reads an image file as a data URL (the only kind of image the image input keeps, spec §5). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}
