import type { KvEntry } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from './bus.ts';
import type { AttributeKvEntry, AttributeScope, Originator } from './telemetry-types.ts';

/** Attributes of any entity, trusted (callers check permissions); changes are published on the bus. */
export class AttributeStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly bus: Bus,
  ) {}

  /** Upserts the entries stamped `ts` (default now); resolves after commit. */
  async save(_target: Originator, _scope: AttributeScope, _entries: readonly KvEntry[], _ts?: number): Promise<AttributeKvEntry[]> {
    throw new Error('not implemented yet');
  }
  /** Deletes keys; resolves with the keys that existed. */
  async delete(_target: Originator, _scope: AttributeScope, _keys: readonly string[]): Promise<string[]> {
    throw new Error('not implemented yet');
  }
  /** Attributes in a scope (all, or the given keys), sorted by key. */
  async find(_entityId: string, _scope: AttributeScope, _keys?: readonly string[]): Promise<AttributeKvEntry[]> {
    throw new Error('not implemented yet');
  }
  /** Keys in a scope, or in every scope when absent. */
  async keys(_entityId: string, _scope?: AttributeScope): Promise<string[]> {
    throw new Error('not implemented yet');
  }
}
