// Enum lists the server checks and the web offers: one source, so they cannot drift apart again.

/** Attribute scopes (ThingsBoard's DataConstants). */
export const ATTRIBUTE_SCOPES = ['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE'] as const;
export type AttributeScope = (typeof ATTRIBUTE_SCOPES)[number];

/** java.util.concurrent.TimeUnit values alarm durations and rule nodes accept. */
export const TIME_UNITS = ['MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const;

/** Where an alarm condition's key comes from. */
export const CONDITION_KEY_TYPES = ['ATTRIBUTE', 'TIME_SERIES', 'ENTITY_FIELD', 'CONSTANT'] as const;

/** Value types of a key filter (DATE_TIME compares like NUMERIC). */
export const KEY_VALUE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'DATE_TIME'] as const;

/** Operations of a key-filter predicate, by predicate type. */
export const PREDICATE_OPERATIONS = {
  STRING: ['EQUAL', 'NOT_EQUAL', 'STARTS_WITH', 'ENDS_WITH', 'CONTAINS', 'NOT_CONTAINS'],
  NUMERIC: ['EQUAL', 'NOT_EQUAL', 'GREATER', 'LESS', 'GREATER_OR_EQUAL', 'LESS_OR_EQUAL'],
  BOOLEAN: ['EQUAL', 'NOT_EQUAL'],
  COMPLEX: ['AND', 'OR'],
} as const satisfies Record<string, readonly string[]>;
export type PredicateType = keyof typeof PREDICATE_OPERATIONS;
