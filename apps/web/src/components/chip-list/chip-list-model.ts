/** The list with the item at `from` moved so that it ends up at index `to` (clamped). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1) as [T];
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

/**
 * Where a dragged chip lands when dropped on chip `target`, on its left or right half: the final
 * index for moveItem (the dragged chip's own removal shifts later positions by one).
 */
export function dropIndex(from: number, target: number, after: boolean): number {
  const slot = after ? target + 1 : target;
  return slot > from ? slot - 1 : slot;
}

/** The list with `item` inserted at `index` (clamped; at the end by default). */
export function insertItem<T>(items: readonly T[], item: T, index = items.length): T[] {
  const out = [...items];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, item);
  return out;
}

/** The list without the item at `index`. */
export const removeItem = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** Default separators of typed entries (spec §5 keys list: Enter, comma, semicolon). */
export const DEFAULT_SEPARATORS = [',', ';'] as const;

/**
 * Splits typed text on the separators: the complete entries (trimmed, empties dropped) and the
 * unfinished text after the last separator, which stays in the field.
 */
export function splitEntries(text: string, separators: readonly string[] = DEFAULT_SEPARATORS) {
  if (separators.length === 0) return { entries: [] as string[], rest: text };
  const pattern = new RegExp(`[${separators.map((s) => s.replace(/[\\\]^-]/g, '\\$&')).join('')}]`);
  const parts = text.split(pattern);
  const rest = parts.pop() ?? '';
  return { entries: parts.map((part) => part.trim()).filter(Boolean), rest };
}

/** The entries to add: trimmed, non-empty, not already present (case-sensitive), each once. */
export function newEntries(entries: readonly string[], existing: readonly string[]): string[] {
  const seen = new Set(existing);
  const out: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry && !seen.has(entry)) {
      seen.add(entry);
      out.push(entry);
    }
  }
  return out;
}

/** Suggestions starting with the typed text (case-insensitive), minus those already chosen. */
export function filterSuggestions(
  suggestions: readonly string[],
  text: string,
  existing: readonly string[],
  limit = 50,
): string[] {
  const query = text.trim().toLowerCase();
  const chosen = new Set(existing);
  return suggestions.filter((s) => !chosen.has(s) && s.toLowerCase().startsWith(query)).slice(0, limit);
}

/** A key list after a removal: removing the last key yields null (spec §4.3). */
export const keyListValue = (keys: readonly string[]): string[] | null => (keys.length ? [...keys] : null);
