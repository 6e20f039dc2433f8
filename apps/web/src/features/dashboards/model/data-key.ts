// Data keys of widget datasources (spec 2-calls §3.5, 1-client §3.7): their stored shape, defaults,
// value formatting and the predefined functions Sin, Cos and Random of function datasources.

export const DATA_KEY_TYPES = ['timeseries', 'attribute', 'entityField', 'alarm', 'function', 'count'] as const;
export type DataKeyType = (typeof DATA_KEY_TYPES)[number];

/**
 * The body of a user post-processing function, `function (time, value, prevValue, timePrev,
 * prevOrigValue)`. It is the dashboard author's JavaScript: never evaluated in the page itself, only
 * in the script worker (viewer/script.worker.ts, ADR 0006), which turns it into a {@link PostProcessor}.
 */
export type PostFuncBody = string;
export type PostProcessor = (
  time: number,
  value: unknown,
  prevValue: unknown,
  timePrev: number,
  prevOrigValue: unknown,
) => unknown;

/** A data key as ThingsBoard 3.2 stores it in a widget's datasource; unknown fields are kept. */
export interface DataKey {
  name: string;
  type: DataKeyType;
  label: string;
  color: string;
  units?: string;
  decimals?: number;
  settings?: Record<string, unknown>;
  /** Function keys: the generator's JavaScript (only the predefined ones are recognised). */
  funcBody?: string;
  usePostProcessing?: boolean;
  postFuncBody?: PostFuncBody;
  [field: string]: unknown;
}

/**
 * Our 20-colour series palette, used in order for new keys of a widget: well-separated hues first so
 * that the first few series of a chart are easy to tell apart.
 */
export const SAPO_KEY_COLORS: readonly string[] = [
  '#2196f3',
  '#4caf50',
  '#f44336',
  '#ffc107',
  '#607d8b',
  '#9c27b0',
  '#8bc34a',
  '#3f51b5',
  '#e91e63',
  '#ffeb3b',
  '#03a9f4',
  '#ff9800',
  '#673ab7',
  '#cddc39',
  '#009688',
  '#795548',
  '#00bcd4',
  '#ff5722',
  '#9e9e9e',
  '#2e7d32',
];

/** The colour of the widget's `index`-th key (0-based); the palette repeats. */
export function dataKeyColor(index: number): string {
  const n = SAPO_KEY_COLORS.length;
  const i = Number.isInteger(index) ? ((index % n) + n) % n : 0;
  return SAPO_KEY_COLORS[i] ?? '#2196f3';
}

/** The label a key shows when the author gave none: its name. */
export function dataKeyLabel(key: Pick<DataKey, 'name'> & { label?: unknown }): string {
  return typeof key.label === 'string' && key.label.trim() !== '' ? key.label : key.name;
}

/** A new key of a widget with the default label and the next palette colour. */
export function createDataKey(name: string, type: DataKeyType, index: number): DataKey {
  return { name, type, label: name, color: dataKeyColor(index), settings: {} };
}

export const PREDEFINED_FUNCTIONS = ['Sin', 'Cos', 'Random'] as const;
export type PredefinedFunction = (typeof PREDEFINED_FUNCTIONS)[number];

/** The data key a new function datasource starts with (spec 2-calls §3.5). */
export function defaultFunctionKey(): DataKey {
  return { name: 'f(x)', type: 'function', label: 'Sin', color: dataKeyColor(0), settings: {} };
}

/** Default columns of alarm widgets (spec 2-calls §3.5). */
export const DEFAULT_ALARM_KEY_NAMES = ['createdTime', 'originator', 'type', 'severity', 'status'] as const;

const FUNC_BODY_HINTS: ReadonlyArray<[RegExp, PredefinedFunction]> = [
  [/Math\.sin\s*\(/, 'Sin'],
  [/Math\.cos\s*\(/, 'Cos'],
  [/Math\.random\s*\(/, 'Random'],
];

/**
 * Which predefined function a function key stands for: by its label, else by what its body calls.
 * Other bodies are user code we do not run outside the sandbox, so they give null.
 */
export function predefinedFunctionOf(key: Pick<DataKey, 'type' | 'label' | 'funcBody'>): PredefinedFunction | null {
  if (key.type !== 'function') return null;
  const label = typeof key.label === 'string' ? key.label.trim().toLowerCase() : '';
  const byLabel = PREDEFINED_FUNCTIONS.find((f) => f.toLowerCase() === label);
  if (byLabel) return byLabel;
  const body = typeof key.funcBody === 'string' ? key.funcBody : '';
  return FUNC_BODY_HINTS.find(([re]) => re.test(body))?.[1] ?? null;
}

const RANDOM_LIMIT = 1000;
/** Random walk step: up to ±50 per tick. */
const RANDOM_STEP = 100;
/** Sin and Cos: amplitude 1000, one period every 2π·5 s. */
const WAVE_AMPLITUDE = 1000;
const WAVE_MS = 5000;

/**
 * The next value of a predefined function at time `ts` (ms). Random walks from `prev`, rounded to two
 * decimals and kept within -1000..1000; `random` is injectable so tests are deterministic.
 */
export function functionValue(
  name: PredefinedFunction,
  ts: number,
  prev: number,
  random: () => number = Math.random,
): number {
  switch (name) {
    case 'Sin':
      return Math.round(WAVE_AMPLITUDE * Math.sin(ts / WAVE_MS)) || 0;
    case 'Cos':
      return Math.round(WAVE_AMPLITUDE * Math.cos(ts / WAVE_MS)) || 0;
    case 'Random': {
      const from = Number.isFinite(prev) ? prev : 0;
      const next = Math.round((from + random() * RANDOM_STEP - RANDOM_STEP / 2) * 100) / 100;
      return Math.min(RANDOM_LIMIT, Math.max(-RANDOM_LIMIT, next)) || 0;
    }
  }
}

export interface FormatOptions {
  units?: string | null;
  decimals?: number | null;
}

const DECIMAL_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Decimal notation only: "0x1A" or "Infinity" are texts (ids, states), not numbers.
  if (typeof value === 'string' && DECIMAL_RE.test(value.trim())) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * A value as a widget shows it. Numbers (and numeric strings, as telemetry arrives) get `decimals`
 * fixed digits and then the units after a space; other values are shown as they are, without units
 * (units of a text or a boolean would mislead). Missing values are ''.
 */
export function formatValue(value: unknown, options: FormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const n = asNumber(value);
  if (n === null) {
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value as string | boolean | number);
  }
  const { decimals, units } = options;
  let text =
    typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 20
      ? n.toFixed(decimals)
      : String(n);
  // Rounding a tiny negative number must not show "-0.00".
  if (/^-0(\.0+)?$/.test(text)) text = text.slice(1);
  return units ? `${text} ${units}` : text;
}
