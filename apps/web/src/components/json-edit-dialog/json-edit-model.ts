export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Spec §9: the object editor beautifies with an indent of 2. */
export const formatJson = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * Parses the editor text. A parse error reads 'Error: {name}: {message}' (spec §5, JSON object
 * editor); empty text is an error only when a value is required.
 */
export function parseJsonText(text: string, required = true): JsonParse {
  if (text.trim() === '')
    return required ? { ok: false, error: 'json-edit.json-required' } : { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: `Error: ${e.name}: ${e.message}` };
  }
}

/** Same JSON value, whatever the formatting (so re-indenting alone is not a change). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Spec §2.8: Save is disabled while loading, invalid or unchanged. */
export function canSaveJson(parsed: JsonParse, initial: unknown, loading = false): boolean {
  return !loading && parsed.ok && !sameJson(parsed.value, initial);
}
