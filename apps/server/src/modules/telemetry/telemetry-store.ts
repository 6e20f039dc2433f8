import type { TelemetryRecord, TsKvEntry } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from './bus.ts';
import type { Originator, TsDeleteQuery, TsQuery, TsQueryResult } from './telemetry-types.ts';

/**
 * Time series of any entity, trusted (no caller: transports and services check permissions first).
 * Writes resolve only once committed; committed data is then published on the bus.
 */
export class TelemetryStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly bus: Bus,
  ) {}

  /** Saves records (each with its ts); resolves after commit. */
  async saveTimeseries(_target: Originator, _records: readonly TelemetryRecord[]): Promise<void> {
    throw new Error('not implemented yet');
  }
  async deleteTimeseries(_target: Originator, _q: TsDeleteQuery): Promise<void> {
    throw new Error('not implemented yet');
  }
  /** Latest value of each key (all keys when `keys` is absent), sorted by key. */
  async latest(_entityId: string, _keys?: readonly string[]): Promise<TsKvEntry[]> {
    throw new Error('not implemented yet');
  }
  /** Latest values of many entities at once (entity data queries, WebSocket). */
  async latestMany(_entityIds: readonly string[], _keys?: readonly string[]): Promise<Map<string, TsKvEntry[]>> {
    throw new Error('not implemented yet');
  }
  /** Keys that have a latest value, sorted. */
  async keys(_entityId: string): Promise<string[]> {
    throw new Error('not implemented yet');
  }
  async history(_entityId: string, _q: TsQuery): Promise<TsQueryResult> {
    throw new Error('not implemented yet');
  }
  /** Flushes queued writes (shutdown, tests). */
  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}
