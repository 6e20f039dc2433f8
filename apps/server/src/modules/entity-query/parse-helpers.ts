import { ENTITY_TYPES, isUuid, type EntityId } from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';

/** Small checks of untrusted JSON: each failure is a 400 naming the field's path. */

export type Obj = Record<string, unknown>;

export function fail(path: string, what: string): never {
  throw badRequest(`Invalid '${path}': ${what}`);
}

export function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'must be an object');
  return v as Obj;
}

/** An array, or [] for null/undefined. */
export function list(v: unknown, path: string, max: number): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) fail(path, 'must be an array');
  if (v.length > max) fail(path, `must have at most ${max} items`);
  return v;
}

export function optString(v: unknown, path: string, max = 255): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') fail(path, 'must be a string');
  if (v.length > max) fail(path, `must be at most ${max} characters`);
  return v;
}

export function optBool(v: unknown, path: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') fail(path, 'must be a boolean');
  return v;
}

export function oneOf<T extends string>(v: unknown, allowed: readonly T[], path: string): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    fail(path, `must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}

export function entityType(v: unknown, path: string) {
  return oneOf(v, ENTITY_TYPES, path);
}

export function entityIdOf(v: unknown, path: string): EntityId {
  const o = obj(v, path);
  const id = o.id;
  if (typeof id !== 'string' || !isUuid(id)) fail(`${path}.id`, 'must be a UUID');
  return { entityType: entityType(o.entityType, `${path}.entityType`), id: id.toLowerCase() };
}
