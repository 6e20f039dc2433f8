// Pure logic of the RPC control widgets: which device they target, how a device's reply becomes a
// value, and the feedback state a control shows (it never claims a value the device did not confirm).
import type { EntityFilter } from '@sapo/common';
import type { AliasResolution } from '../../model/entity-alias';
import { numSetting, strSetting, boolSetting } from '../shared/settings-readers';
import { latestValue, toBoolean, toNumber } from '../shared/series-values';
import type { WidgetSeries } from '../widget-types';

// ---- target device ------------------------------------------------------------------------------

/**
 * The alias a control targets: ThingsBoard stores `targetDeviceAliasIds` (first one wins); our own
 * default config names the list `targetDeviceAliases`, so both are read.
 */
export function targetAliasId(config: Readonly<Record<string, unknown>>): string | null {
  for (const field of ['targetDeviceAliasIds', 'targetDeviceAliases']) {
    const list = config[field];
    if (!Array.isArray(list)) continue;
    const first: unknown = list[0];
    if (typeof first === 'string' && first !== '') return first;
    if (typeof first === 'object' && first !== null && typeof (first as { id?: unknown }).id === 'string') {
      return (first as { id: string }).id;
    }
  }
  return null;
}

export type TargetPlan =
  | { kind: 'none'; message: string }
  | { kind: 'entity'; entityType: string; id: string }
  | { kind: 'query'; filter: EntityFilter };

export const CONTROL_MESSAGES = {
  noTarget: 'widget.control.no-target-device',
  notDevice: 'widget.control.target-not-device',
  deviceNotFound: 'widget.control.device-not-found',
  timeout: 'widget.control.error-timeout',
  offline: 'widget.control.error-offline',
} as const;

/** How to find the target device: directly from a single-entity filter, or by an entity query. */
export function planTarget(aliasId: string | null, aliases: Readonly<Record<string, AliasResolution>>): TargetPlan {
  if (!aliasId) return { kind: 'none', message: CONTROL_MESSAGES.noTarget };
  const resolution = aliases[aliasId];
  if (!resolution) return { kind: 'none', message: CONTROL_MESSAGES.noTarget };
  const { filter } = resolution;
  if (!filter) return { kind: 'none', message: resolution.error ?? CONTROL_MESSAGES.noTarget };
  const single =
    filter.type === 'singleEntity' ? filter.singleEntity : filter.type === 'stateEntity' ? filter.singleEntity : null;
  if (single) return { kind: 'entity', entityType: single.entityType, id: single.id };
  return { kind: 'query', filter };
}

/** The body of POST /api/entitiesQuery/find that picks the first entity of a filter. */
export function targetQuery(filter: EntityFilter) {
  return {
    entityFilter: filter,
    pageLink: { page: 0, pageSize: 1 },
    entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  };
}

/** The entity id of the first row of an entity query answer, or null. */
export function firstEntityId(page: unknown): { entityType: string; id: string } | null {
  const rows = (page as { data?: unknown } | null)?.data;
  if (!Array.isArray(rows)) return null;
  const entityId = (rows[0] as { entityId?: { entityType?: unknown; id?: unknown } } | undefined)?.entityId;
  return typeof entityId?.entityType === 'string' && typeof entityId.id === 'string'
    ? { entityType: entityId.entityType, id: entityId.id }
    : null;
}

// ---- settings -----------------------------------------------------------------------------------

export type RetrieveMethod = 'rpc' | 'attribute' | 'timeseries' | 'none';

export interface RpcSettings {
  retrieveValueMethod: RetrieveMethod;
  valueKey: string;
  getValueMethod: string;
  setValueMethod: string;
  requestTimeout: number;
  requestPersistent: boolean;
  /** The author's `function (data)` for replies and reported values; null: the built-in reading. */
  parseValueFunction: string | null;
  /** The author's `function (value)` for the value sent; null: sent as it is. */
  convertValueFunction: string | null;
}

/** ThingsBoard's default bodies, which the built-in reading covers (and does better for `{value}`). */
const DEFAULT_FUNCTIONS = new Set(['return data ? true : false;', 'return value;', 'return data;']);

/** An author's function body worth running: not blank and not one of ThingsBoard's defaults. */
export function customFunctionBody(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const body = value.replace(/\s+/g, ' ').trim();
  return body === '' || DEFAULT_FUNCTIONS.has(body) ? null : value;
}

const RETRIEVE: readonly RetrieveMethod[] = ['rpc', 'attribute', 'timeseries', 'none'];

export function readRpcSettings(s: Readonly<Record<string, unknown>>, getFallback = 'getValue'): RpcSettings {
  const method = strSetting(s, 'retrieveValueMethod', 'rpc');
  return {
    retrieveValueMethod: (RETRIEVE as readonly string[]).includes(method) ? (method as RetrieveMethod) : 'rpc',
    valueKey: strSetting(s, 'valueKey', 'value'),
    getValueMethod: strSetting(s, 'getValueMethod', getFallback),
    setValueMethod: strSetting(s, 'setValueMethod', 'setValue'),
    requestTimeout: Math.max(0, numSetting(s, 'requestTimeout', 5000)),
    requestPersistent: boolSetting(s, 'requestPersistent', false),
    parseValueFunction: customFunctionBody(s.parseValueFunction),
    convertValueFunction: customFunctionBody(s.convertValueFunction),
  };
}

/** The RPC request body; a timeout of 0 leaves the server's default. */
export function rpcBody(method: string, params: unknown, timeout: number, persistent = false) {
  return {
    method,
    params: params ?? null,
    ...(timeout > 0 ? { timeout } : {}),
    ...(persistent ? { persistent: true } : {}),
  };
}

export const rpcPath = (deviceId: string, oneway = false) =>
  `/api/plugins/rpc/${oneway ? 'oneway' : 'twoway'}/${deviceId}`;

// ---- reply parsing ------------------------------------------------------------------------------

/**
 * A device reply as a plain value. The reply may arrive parsed (JSON) or as text; a text holding
 * JSON is parsed once more, and `{ "value": x }` (a common device answer) unwrapped. An author's own
 * parseValueFunction runs first, in the script worker (use-rpc-control.ts).
 */
export function rpcValue(reply: unknown): unknown {
  let v = reply;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t !== '') {
      try {
        v = JSON.parse(t) as unknown;
      } catch {
        v = t;
      }
    }
  }
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v) {
    return rpcValue((v as { value: unknown }).value);
  }
  return v;
}

export function rpcBoolean(reply: unknown): boolean | null {
  const v = rpcValue(reply);
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? toBoolean(v) : null;
}

export function rpcNumber(reply: unknown): number | null {
  const v = rpcValue(reply);
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? toNumber(v) : null;
}

/** What the user sees for a failed call: the server's message, or ours for a timeout without one. */
export function rpcErrorText(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message && !message.startsWith('Unhandled error code')) return message;
  if (status === 408 || status === 504) return CONTROL_MESSAGES.timeout;
  if (status === 409) return CONTROL_MESSAGES.offline;
  return message || CONTROL_MESSAGES.timeout;
}

// ---- feedback state machine ---------------------------------------------------------------------

export type FeedbackStatus = 'idle' | 'pending' | 'error' | 'value';

/**
 * `value` is always the last value the device confirmed (reply or reported key); `requested` is what
 * the user asked for while a call is in flight. An error keeps the confirmed value: the control
 * snaps back instead of pretending the command worked.
 */
export interface Feedback<V> {
  status: FeedbackStatus;
  value: V | null;
  requested: V | null;
  error: string | null;
  /** Number of the newest call: replies of older calls are ignored. */
  seq: number;
}

export type FeedbackEvent<V> =
  | { type: 'reset' }
  | { type: 'request'; seq: number; requested?: V | null }
  | { type: 'reply'; seq: number; value: V | null }
  | { type: 'fail'; seq: number; error: string }
  | { type: 'reported'; value: V | null };

export function initialFeedback<V>(value: V | null = null): Feedback<V> {
  return { status: value === null ? 'idle' : 'value', value, requested: null, error: null, seq: 0 };
}

export function feedbackReducer<V>(state: Feedback<V>, event: FeedbackEvent<V>): Feedback<V> {
  switch (event.type) {
    case 'reset':
      return initialFeedback<V>(null);
    case 'request':
      return { ...state, status: 'pending', requested: event.requested ?? null, error: null, seq: event.seq };
    case 'reply': {
      if (event.seq !== state.seq) return state;
      // A reply without a readable value still confirms the request it answered.
      const value = event.value ?? state.requested ?? state.value;
      return { ...state, status: value === null ? 'idle' : 'value', value, requested: null, error: null };
    }
    case 'fail':
      if (event.seq !== state.seq) return state;
      return { ...state, status: 'error', requested: null, error: event.error };
    case 'reported':
      // The device's own report: newer than any earlier reply; a call in flight stays pending.
      if (event.value === null) return state;
      return state.status === 'pending'
        ? { ...state, value: event.value }
        : { ...state, status: 'value', value: event.value, error: null };
  }
}

/** What the control draws: the requested value while pending, else the confirmed one. */
export function shownValue<V>(state: Feedback<V>): V | null {
  return state.status === 'pending' && state.requested !== null ? state.requested : state.value;
}

// ---- numeric controls ---------------------------------------------------------------------------

export interface Range {
  min: number;
  max: number;
  step: number;
}

/** min/max/step from settings, swapped or defaulted when inconsistent. */
export function readRange(s: Readonly<Record<string, unknown>>, withStep = true): Range {
  let min = numSetting(s, 'minValue', 0);
  let max = numSetting(s, 'maxValue', 100);
  if (min > max) [min, max] = [max, min];
  if (min === max) max = min + 1;
  const step = withStep ? numSetting(s, 'step', 1) : 0;
  return { min, max, step: step > 0 ? step : 0 };
}

/** Clamps to the range and snaps to the step (counted from min); float noise removed. */
export function snap(value: number, { min, max, step }: Range): number {
  const clamped = Math.min(max, Math.max(min, value));
  if (step <= 0) return clamped;
  const snapped = min + Math.round((clamped - min) / step) * step;
  return Number(Math.min(max, snapped).toFixed(10));
}

/** The knob's sweep: 270° from -135° (min) to +135° (max), 0° pointing up. */
export const KNOB_SWEEP = 270;

export function valueToAngle(value: number, { min, max }: Range): number {
  const ratio = (Math.min(max, Math.max(min, value)) - min) / (max - min);
  return -KNOB_SWEEP / 2 + ratio * KNOB_SWEEP;
}

/** The value under a pointer at (dx, dy) from the knob's centre (dy grows downwards, as on screen). */
export function angleToValue(dx: number, dy: number, range: Range): number {
  const deg = (Math.atan2(dx, -dy) * 180) / Math.PI; // 0 up, clockwise positive
  const clamped = Math.min(KNOB_SWEEP / 2, Math.max(-KNOB_SWEEP / 2, deg));
  const ratio = (clamped + KNOB_SWEEP / 2) / KNOB_SWEEP;
  return snap(range.min + ratio * (range.max - range.min), range);
}

// ---- GPIO ---------------------------------------------------------------------------------------

export interface GpioPin {
  pin: number;
  label: string;
  row: number;
  col: number;
  colorOn?: string;
  colorOff?: string;
}

export function readGpioPins(list: readonly unknown[]): GpioPin[] {
  const pins: GpioPin[] = [];
  for (const raw of list) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    const pin = toNumber(r.pin as never);
    if (pin === null) continue;
    pins.push({
      pin,
      label: typeof r.label === 'string' ? r.label : String(pin),
      row: Math.max(0, toNumber(r.row as never) ?? 0),
      col: toNumber(r.col as never) === 1 ? 1 : 0,
      ...(typeof r.colorOn === 'string' ? { colorOn: r.colorOn } : {}),
      ...(typeof r.colorOff === 'string' ? { colorOff: r.colorOff } : {}),
    });
  }
  return pins.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** A GPIO status reply `{ "<pin>": true, … }` as pin → state; pins not in the reply are left out. */
export function gpioStatus(reply: unknown, pins: readonly GpioPin[]): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const v = rpcValue(reply);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
  const obj = v as Record<string, unknown>;
  for (const p of pins) {
    const state = obj[String(p.pin)];
    const b =
      typeof state === 'string' || typeof state === 'number' || typeof state === 'boolean' ? toBoolean(state) : null;
    if (b !== null) out.set(p.pin, b);
  }
  return out;
}

// ---- RPC button ---------------------------------------------------------------------------------

/** The button's params setting: JSON when it parses, else sent as the text itself. Empty = null. */
export function parseParams(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** A short text of a device reply shown under the button ('' when there is nothing to show). */
export function replySummary(reply: unknown, max = 80): string {
  const v = rpcValue(reply);
  if (v === undefined || v === null || v === '') return '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** GPIO panel: each pin's state from the data key labelled with its number (ThingsBoard's convention). */
export function gpioPanelStates(series: readonly WidgetSeries[], pins: readonly GpioPin[]): Map<number, boolean> {
  const out = new Map<number, boolean>();
  for (const p of pins) {
    const s = series.find((x) => x.dataKey.label.trim() === String(p.pin));
    const b = toBoolean(latestValue(s));
    if (b !== null) out.set(p.pin, b);
  }
  return out;
}
