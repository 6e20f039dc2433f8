/**
 * The typed value input of spec 1-client §2.8, §4.3 and §5: a type (string, integer, double,
 * boolean, JSON) and the matching input, with the spec's classification, reset and messages.
 */
export type ValueType = 'STRING' | 'INTEGER' | 'DOUBLE' | 'BOOLEAN' | 'JSON';

export const VALUE_TYPES: readonly { type: ValueType; label: string }[] = [
  { type: 'STRING', label: 'value.string' },
  { type: 'INTEGER', label: 'value.integer' },
  { type: 'DOUBLE', label: 'value.double' },
  { type: 'BOOLEAN', label: 'value.boolean' },
  { type: 'JSON', label: 'value.json' },
];

export interface TypedValue {
  type: ValueType;
  /** The text of a string, integer, double or JSON value. */
  text: string;
  /** The value of a boolean. */
  bool: boolean;
}

const INTEGER = /^-?[0-9]+$/;
const DOUBLE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** §4.3: boolean; integer when a number has no decimal point; double; JSON for objects; else string. */
export function classifyValue(value: unknown): ValueType {
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (typeof value === 'number') return String(value).includes('.') ? 'DOUBLE' : 'INTEGER';
  if (typeof value === 'object' && value !== null) return 'JSON';
  return 'STRING';
}

/** The input for an existing value (JSON pretty-printed, indent 2 as the object editor). */
export function typedValueOf(value: unknown): TypedValue {
  const type = classifyValue(value);
  if (type === 'BOOLEAN') return { type, text: '', bool: value === true };
  if (type === 'JSON') return { type, text: JSON.stringify(value, null, 2), bool: false };
  return { type, text: value === null || value === undefined ? '' : String(value as string | number), bool: false };
}

/** §4.3: changing the type resets the value — false for boolean, an empty object for JSON, else empty. */
export function resetForType(type: ValueType): TypedValue {
  return { type, text: type === 'JSON' ? '{}' : '', bool: false };
}

/** §5 messages (translation keys); undefined when the value may be saved. */
export function validateTypedValue(v: TypedValue): string | undefined {
  const text = v.text.trim();
  switch (v.type) {
    case 'STRING':
      return v.text === '' ? 'value.string-value-required' : undefined;
    case 'INTEGER':
      if (text === '') return 'value.integer-value-required';
      return INTEGER.test(text) ? undefined : 'value.invalid-integer-value';
    case 'DOUBLE':
      if (text === '') return 'value.double-value-required';
      return DOUBLE.test(text) ? undefined : 'value.invalid-double-value';
    case 'JSON':
      if (text === '') return 'value.json-value-required';
      return parseJson(text) === undefined ? 'value.json-value-invalid' : undefined;
    case 'BOOLEAN':
      return undefined;
  }
}

/** The JSON value of the text, or undefined when it does not parse. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The value to send; §5: an invalid input gives null, except booleans (always valid). */
export function typedValueToValue(v: TypedValue): unknown {
  if (v.type === 'BOOLEAN') return v.bool;
  if (validateTypedValue(v)) return null;
  switch (v.type) {
    case 'STRING':
      return v.text;
    case 'INTEGER':
    case 'DOUBLE':
      return Number(v.text.trim());
    case 'JSON':
      return parseJson(v.text.trim());
  }
}

/** Whether two inputs hold the same value (an edit that changes nothing is not saved). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
