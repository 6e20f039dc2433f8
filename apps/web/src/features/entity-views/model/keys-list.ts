/**
 * The keys list of spec 1-client §4.3/§5: entries trimmed, blanks and duplicates ignored, typed text
 * split at Enter, comma or semicolon; removing the last key leaves null (no keys), not an empty list.
 */
export type KeysValue = string[] | null;

export const KEY_SEPARATORS = /[,;\r\n]/;

/** Adds the keys in `text` (possibly several, separated) that are not there yet. */
export function addKeys(value: KeysValue, text: string): KeysValue {
  const next = [...(value ?? [])];
  for (const part of text.split(KEY_SEPARATORS)) {
    const key = part.trim();
    if (key && !next.includes(key)) next.push(key);
  }
  return next.length > 0 ? next : value;
}

export function removeKey(value: KeysValue, key: string): KeysValue {
  const next = (value ?? []).filter((k) => k !== key);
  return next.length > 0 ? next : null;
}

/** True once the typed text holds a separator: the part before it becomes a chip. */
export function hasSeparator(text: string): boolean {
  return KEY_SEPARATORS.test(text);
}

/** Required lists need at least one key; the message key, or undefined when fine. */
export function keysError(value: KeysValue, required: boolean): string | undefined {
  return required && (value === null || value.length === 0) ? 'entity-view.keys-required' : undefined;
}
