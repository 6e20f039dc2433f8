/** The predefined relation types offered as suggestions (spec 1-client §5; ThingsBoard's COMMON types). */
export const RELATION_TYPES = ['Contains', 'Manages'] as const;

/** Suggestions whose name starts with the typed text, ignoring case; all of them for empty text. */
export function matchRelationTypes(text: string, types: readonly string[] = RELATION_TYPES): string[] {
  const prefix = text.trim().toLowerCase();
  return types.filter((type) => type.toLowerCase().startsWith(prefix));
}
