/** Pure parts of the script test dialog (spec 2-calls §2, §4, §5). */
export interface KeyValueRow {
  key: string;
  value: string;
}

export interface ScriptTestForm {
  msgType: string;
  payload: string;
  metadata: KeyValueRow[];
  script: string;
}

export type ScriptTestField = 'msgType' | 'payload' | 'metadata';

/** Translation keys by field; empty when the test may run. */
export function validateScriptTest(form: ScriptTestForm): Partial<Record<ScriptTestField, string>> {
  const errors: Partial<Record<ScriptTestField, string>> = {};
  if (!form.msgType.trim()) errors.msgType = 'rulenode.message-type-required';
  if (form.metadata.length === 0) errors.metadata = 'rulenode.metadata-required';
  else if (form.metadata.some((row) => !row.key.trim() || !row.value.trim()))
    errors.metadata = 'key-val.key-value-required';
  if (!isValidJson(form.payload)) errors.payload = 'rulenode.invalid-payload';
  return errors;
}

export function isValidJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const toMap = (rows: readonly KeyValueRow[]): Record<string, string> =>
  Object.fromEntries(rows.map((row) => [row.key.trim(), row.value]));

export const toRows = (map: Record<string, unknown> | null | undefined): KeyValueRow[] =>
  Object.entries(map ?? {}).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));

/** Pretty-prints the server's output when it is JSON, else shows it as is. */
export function prettyOutput(output: string): string {
  try {
    return JSON.stringify(JSON.parse(output), null, 2);
  } catch {
    return output;
  }
}

/** ThingsBoard's defaults for a fresh test: a telemetry message from a thermostat-like device. */
export const DEFAULT_TEST_PAYLOAD = JSON.stringify({ temperature: 22.4, humidity: 78 }, null, 2);
export const DEFAULT_TEST_METADATA: KeyValueRow[] = [
  { key: 'deviceName', value: 'Test Device' },
  { key: 'deviceType', value: 'default' },
  { key: 'ts', value: String(Date.UTC(2026, 0, 1)) },
];

/** Argument names of a node script (ThingsBoard's signature). */
export const SCRIPT_ARG_NAMES = ['msg', 'metadata', 'msgType'];
