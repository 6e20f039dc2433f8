/**
 * Icons are named as ThingsBoard stores them: Material Icons ligature names ('battery_full').
 * MUI exports the same icons as PascalCase components ('BatteryFull'; a leading number spelled out:
 * '3d_rotation' is 'ThreeDRotation'). Both sides are compared through a normalised lookup key.
 */

/** The 40 common icons the picker shows first (spec 1-client §2.8, 2-calls §9). */
export const COMMON_ICONS = [
  'home',
  'dashboard',
  'settings',
  'info',
  'warning',
  'error',
  'check_circle',
  'notifications',
  'alarm',
  'schedule',
  'thermostat',
  'water_drop',
  'bolt',
  'battery_full',
  'wifi',
  'sensors',
  'router',
  'memory',
  'devices',
  'lightbulb',
  'power_settings_new',
  'speed',
  'trending_up',
  'bar_chart',
  'show_chart',
  'pie_chart',
  'map',
  'place',
  'location_on',
  'person',
  'group',
  'business',
  'build',
  'search',
  'star',
  'favorite',
  'cloud',
  'lock',
  'visibility',
  'refresh',
] as const;

const VARIANT = /(Outlined|Rounded|Sharp|TwoTone)$/;

/** True for MUI's filled icons; the picker lists those only (the other styles are the same shapes). */
export const isFilledIconExport = (name: string) => /^[A-Z]/.test(name) && !VARIANT.test(name);

/** 'BatteryCharging20' → 'battery_charging_20': the ligature-style name the picker emits. */
export function componentToIconName(component: string): string {
  return component
    .replace(/([a-z])([A-Z0-9])/g, '$1_$2')
    .replace(/([0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Lookup key of a component name: lowercase, no separators. */
export const componentKey = (component: string) => component.toLowerCase();

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** The ways MUI spells a leading number ('20' is 'twenty' or 'twentyzero', '360' is 'threesixty'). */
function numberWords(digits: string): string[] {
  const n = Number(digits);
  const spelled = [...digits].map((d) => UNITS[Number(d)]).join('');
  if (n < 20) return [UNITS[n] ?? spelled, spelled];
  if (n < 100) {
    const tens = TENS[Math.floor(n / 10)] ?? '';
    const ones = n % 10;
    return [tens + (ones ? UNITS[ones] : ''), `${tens}${UNITS[ones]}`, spelled];
  }
  // '360' → 'threesixty': the first digit, then the rest as a number.
  return [`${UNITS[Number(digits[0])]}${numberWords(digits.slice(1))[0]}`, spelled];
}

/** Candidate lookup keys of a ligature name ('3d_rotation' → ['threedrotation', …]). */
export function iconNameKeys(name: string): string[] {
  const flat = name
    .trim()
    .toLowerCase()
    .replace(/[_\s-]/g, '');
  const leading = /^(\d+)(.*)$/.exec(flat);
  if (!leading) return [flat];
  return [...new Set(numberWords(leading[1]!).map((words) => words + leading[2]))];
}

/** Case-insensitive substring search on the ligature name (spaces match underscores). */
export function filterIconNames(names: readonly string[], search: string): string[] {
  const query = search.trim().toLowerCase().replace(/\s+/g, '_');
  return query ? names.filter((name) => name.includes(query)) : [...names];
}
