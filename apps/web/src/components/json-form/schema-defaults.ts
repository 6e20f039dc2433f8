import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

/**
 * The value with every default of the schema filled in where the value has none (nested objects
 * and array items included), as the form shows it. Callers store this so a widget reads the same
 * settings the form displays, even before anyone edits them.
 */
export function withSchemaDefaults<T = unknown>(schema: RJSFSchema, value: T | undefined): T {
  return getDefaultFormState<T>(validator, schema, value, schema) as T;
}

/** True when the value satisfies the schema (ThingsBoard's modelValid). */
export function isValidForSchema(schema: RJSFSchema, value: unknown): boolean {
  return validator.isValid(schema, value, schema);
}
