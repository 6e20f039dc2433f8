import type { Aggregation, Alarm, DataType, TsKvEntry } from '@sapo/common';

import type { AttributeScope } from '@sapo/common';
export type { AttributeScope };

/** The entity data belongs to, with its tenant (every live update is routed by tenant). */
export interface Originator {
  tenantId: string;
  entityType: string;
  id: string;
}

/** An attribute as stored: typed value and the time it was last written. */
export interface AttributeKvEntry {
  key: string;
  type: DataType;
  value: unknown;
  lastUpdateTs: number;
}

/** A history read of one or more keys of one entity (reference §4 semantics). */
export interface TsQuery {
  keys: readonly string[];
  startTs: number;
  endTs: number;
  /** Bucket length in ms; 0 (or agg NONE) returns raw points. */
  interval: number;
  /** Raw reads only: at most this many points per key (default 100). */
  limit: number;
  agg: Aggregation;
  orderBy: 'ASC' | 'DESC';
}

/** Query results per key; keys without data are absent. */
export type TsQueryResult = Record<string, TsKvEntry[]>;

export interface TsDeleteQuery {
  keys: readonly string[];
  deleteAllDataForKeys: boolean;
  startTs?: number;
  endTs?: number;
  /** After deleting a range that held the latest value, make the newest remaining point latest. */
  rewriteLatestIfDeleted: boolean;
}

/** What live subscribers hear after data committed (JSON-serialisable: the bus may be Redis). */
export type TelemetryEvent =
  | { kind: 'timeseries'; tenantId: string; entityType: string; entityId: string; entries: TsKvEntry[] }
  | { kind: 'timeseries-deleted'; tenantId: string; entityType: string; entityId: string; keys: string[] }
  | {
      kind: 'attributes';
      tenantId: string;
      entityType: string;
      entityId: string;
      scope: AttributeScope;
      entries: AttributeKvEntry[];
    }
  | {
      kind: 'attributes-deleted';
      tenantId: string;
      entityType: string;
      entityId: string;
      scope: AttributeScope;
      keys: string[];
    }
  | AlarmEvent;

/**
 * An alarm changed (alarms module). `entityType`/`entityId` name the originator; `entityIds` every
 * entity whose alarm lists show it (the originator and the entities it propagates to).
 */
export interface AlarmEvent {
  kind: 'alarm';
  tenantId: string;
  entityType: string;
  entityId: string;
  action: 'CREATED' | 'UPDATED' | 'ACK' | 'CLEAR' | 'DELETED';
  alarm: Alarm;
  entityIds: string[];
}
