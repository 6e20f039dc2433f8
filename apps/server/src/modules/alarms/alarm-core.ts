import type { Alarm, AlarmSeverity, AlarmStatus } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AlarmOps, EntityRef } from '../../rule-engine/rule-engine-types.ts';
import type { Bus } from '../telemetry/bus.ts';
import type { AlarmEvent } from '../telemetry/telemetry-types.ts';
import { AlarmHotCache, writeHotAlarms, type HotAlarm } from './alarm-hot-cache.ts';
import { toAlarm } from './alarm-mapper.ts';
import type { AlarmRepository, AlarmRow } from './alarm.repository.ts';

export type AlarmAction = AlarmEvent['action'];

/** Runs inside the write's transaction: `check` before the change (may throw), `after` once written. */
export interface WriteHooks {
  check?(q: Queryable, row: AlarmRow): Promise<void>;
  /** `created`: create-or-update made a new alarm. */
  after?(q: Queryable, row: AlarmRow, created?: boolean): Promise<void>;
}

export interface UpsertInput {
  tenantId: string;
  originator: EntityRef;
  type: string;
  severity: AlarmSeverity;
  status?: AlarmStatus;
  details?: unknown;
  propagate?: boolean;
  propagateRelationTypes?: string[] | null;
  startTs?: number;
  endTs?: number;
}

/** Fields an update by id may change; absent fields keep their value. */
export interface AlarmPatch {
  severity?: AlarmSeverity;
  status?: AlarmStatus;
  details?: unknown;
  propagate?: boolean;
  propagateRelationTypes?: string[] | null;
  startTs?: number;
  endTs?: number;
}

const ACKED: Record<AlarmStatus, AlarmStatus> = {
  ACTIVE_UNACK: 'ACTIVE_ACK',
  ACTIVE_ACK: 'ACTIVE_ACK',
  CLEARED_UNACK: 'CLEARED_ACK',
  CLEARED_ACK: 'CLEARED_ACK',
};
const CLEARED: Record<AlarmStatus, AlarmStatus> = {
  ACTIVE_UNACK: 'CLEARED_UNACK',
  ACTIVE_ACK: 'CLEARED_ACK',
  CLEARED_UNACK: 'CLEARED_UNACK',
  CLEARED_ACK: 'CLEARED_ACK',
};
export const isCleared = (s: AlarmStatus) => s === 'CLEARED_UNACK' || s === 'CLEARED_ACK';
export const isAcked = (s: AlarmStatus) => s === 'ACTIVE_ACK' || s === 'CLEARED_ACK';

/**
 * The trusted alarm writer (no caller): create-or-update with one uncleared alarm per originator
 * and type, ack, clear, delete, propagation, and a bus event after every committed change. The REST
 * service checks permissions through `hooks`; the rule engine uses it as `AlarmOps`.
 */
export class AlarmCore implements AlarmOps {
  private readonly hot = new AlarmHotCache();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly repo: AlarmRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  async createOrUpdate(input: UpsertInput, hooks: WriteHooks = {}) {
    // The rule engine's repeated "still true" updates of an active alarm: endTs and details only.
    const hot =
      !hooks.after && !hooks.check && input.status === undefined && this.hot.get(input.originator.id, input.type);
    if (
      hot &&
      hot.row.tenant_id === input.tenantId &&
      hot.row.severity === input.severity &&
      samePropagation(hot.row, input)
    ) {
      hot.row = {
        ...hot.row,
        end_ts: input.endTs ?? Math.max(this.clock.now(), hot.row.end_ts),
        details: input.details === undefined ? hot.row.details : input.details,
      };
      hot.dirty = true;
      this.scheduleFlush();
      return { alarm: toAlarm(hot.row), created: false, severityChanged: false };
    }
    await this.settle(this.hot.take(input.originator.id, input.type));
    const done = await this.db.tx(async (q) => {
      const r = await this.upsertIn(q, input);
      await hooks.after?.(q, r.row, r.created);
      return { ...r, ids: await this.repo.propagatedIds(q, r.row.id) };
    });
    this.publish(done.created ? 'CREATED' : 'UPDATED', done.row, done.ids);
    if (!isCleared(done.row.status)) this.hot.set(done.row, done.ids);
    return { alarm: toAlarm(done.row), created: done.created, severityChanged: done.severityChanged };
  }

  /** Writes an entry's pending endTs/details before another change of that alarm. */
  private async settle(entry: HotAlarm | undefined): Promise<void> {
    if (!entry?.dirty) return;
    entry.dirty = false;
    await writeHotAlarms(this.db, [entry.row]);
    this.publish('UPDATED', entry.row, entry.ids);
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush().catch(() => this.scheduleFlush());
    }, 1000);
    this.flushTimer.unref();
  }

  /** Writes every pending endTs/details change (once a second, and on close). */
  async flush(): Promise<void> {
    const entries = this.hot.drainDirty();
    if (!entries.length) return;
    try {
      await writeHotAlarms(
        this.db,
        entries.map((e) => e.row),
      );
    } catch (err) {
      for (const e of entries) e.dirty = true;
      throw err;
    }
    for (const e of entries) this.publish('UPDATED', e.row, e.ids);
  }

  async close(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
    this.hot.clear();
  }

  private async upsertIn(q: Queryable, input: UpsertInput) {
    const now = this.clock.now();
    const creatingCleared = input.status !== undefined && isCleared(input.status);
    // Two attempts: a concurrent create of the same alarm makes our insert a no-op, then we update it.
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = creatingCleared
        ? undefined
        : await this.repo.findActive(q, input.originator.id, input.type, true);
      if (existing) {
        const row = await this.write(q, existing, {
          severity: input.severity,
          status: input.status,
          details: input.details,
          propagate: input.propagate,
          propagateRelationTypes: input.propagateRelationTypes,
          endTs: input.endTs ?? Math.max(now, existing.end_ts),
        });
        return { row, created: false, severityChanged: row.severity !== existing.severity };
      }
      const startTs = input.startTs || now;
      const status = input.status ?? 'ACTIVE_UNACK';
      const inserted = await this.repo.insert(q, {
        id: newId(),
        created_time: now,
        tenant_id: input.tenantId,
        customer_id: await this.repo.customerOf(q, input.originator),
        type: input.type,
        originator_id: input.originator.id.toLowerCase(),
        originator_type: input.originator.entityType,
        severity: input.severity,
        status,
        start_ts: startTs,
        end_ts: input.endTs || startTs,
        ack_ts: isAcked(status) ? now : 0,
        clear_ts: isCleared(status) ? now : 0,
        details: input.details ?? null,
        propagate: input.propagate ?? false,
        propagate_relation_types: input.propagateRelationTypes ?? null,
      });
      if (inserted) {
        await this.propagate(q, inserted);
        return { row: inserted, created: true, severityChanged: false };
      }
    }
    throw new Error('alarm create-or-update lost twice to concurrent writers');
  }

  /** Applies a patch and re-computes propagation (relations may have changed since). */
  private async write(q: Queryable, cur: AlarmRow, p: AlarmPatch): Promise<AlarmRow> {
    const now = this.clock.now();
    const status = p.status ?? cur.status;
    const row = await this.repo.update(q, {
      ...cur,
      severity: p.severity ?? cur.severity,
      status,
      start_ts: p.startTs || cur.start_ts,
      end_ts: p.endTs || cur.end_ts,
      ack_ts: isAcked(status) && !cur.ack_ts ? now : cur.ack_ts,
      clear_ts: isCleared(status) && !cur.clear_ts ? now : cur.clear_ts,
      details: p.details === undefined ? cur.details : p.details,
      propagate: p.propagate ?? cur.propagate,
      propagate_relation_types:
        p.propagateRelationTypes === undefined ? cur.propagate_relation_types : p.propagateRelationTypes,
    });
    await this.propagate(q, row);
    return row;
  }

  private async propagate(q: Queryable, row: AlarmRow): Promise<void> {
    const origin = { entityType: row.originator_type, id: row.originator_id };
    const refs = row.propagate ? await this.repo.ancestors(q, origin, row.propagate_relation_types) : [origin];
    await this.repo.setPropagation(q, row, refs);
  }

  /** Update by id; undefined when there is no such alarm. */
  async update(id: string, patch: AlarmPatch, hooks: WriteHooks = {}): Promise<Alarm | undefined> {
    return this.mutate(id, 'UPDATED', hooks, (q, cur) => this.write(q, cur, patch));
  }

  /** Acknowledges; an acknowledged alarm stays as it is (no event). */
  ack(id: string, hooks: WriteHooks = {}): Promise<Alarm | undefined> {
    return this.mutate(id, 'ACK', hooks, async (q, cur) => {
      if (isAcked(cur.status)) return null;
      return this.repo.update(q, { ...cur, status: ACKED[cur.status], ack_ts: this.clock.now() });
    });
  }

  /** Clears; a cleared alarm stays as it is (no event). `details` replace the old ones when given. */
  clear(id: string, hooks: WriteHooks = {}, details?: unknown, clearTs?: number): Promise<Alarm | undefined> {
    return this.mutate(id, 'CLEAR', hooks, async (q, cur) => {
      if (isCleared(cur.status)) return null;
      return this.repo.update(q, {
        ...cur,
        status: CLEARED[cur.status],
        clear_ts: clearTs || this.clock.now(),
        details: details === undefined ? cur.details : details,
      });
    });
  }

  async delete(id: string, hooks: WriteHooks = {}): Promise<boolean> {
    this.hot.takeById(id);
    const done = await this.db.tx(async (q) => {
      const cur = await this.repo.findById(q, id, true);
      if (!cur) return undefined;
      await hooks.check?.(q, cur);
      const ids = await this.repo.propagatedIds(q, id);
      await this.repo.delete(q, id);
      await hooks.after?.(q, cur);
      return { row: cur, ids };
    });
    if (done) this.publish('DELETED', done.row, done.ids);
    return done !== undefined;
  }

  async findActive(tenantId: string, originator: EntityRef, type: string): Promise<Alarm | null> {
    const hot = this.hot.get(originator.id, type);
    if (hot) return hot.row.tenant_id === tenantId ? toAlarm(hot.row) : null;
    const row = await this.repo.findActive(this.db, originator.id.toLowerCase(), type);
    return row && row.tenant_id === tenantId ? toAlarm(row) : null;
  }

  async clearActive(tenantId: string, originator: EntityRef, type: string, details?: unknown, clearTs?: number) {
    await this.settle(this.hot.take(originator.id, type));
    const row = await this.repo.findActive(this.db, originator.id.toLowerCase(), type);
    if (!row || row.tenant_id !== tenantId) return null;
    return (await this.clear(row.id, {}, details, clearTs)) ?? null;
  }

  /** Deletes the alarms an entity raised, in the caller's transaction (entity deletes). */
  async deleteByOriginator(q: Queryable, originatorId: string): Promise<void> {
    this.hot.dropOriginator(originatorId);
    for (const id of await this.repo.idsByOriginator(q, originatorId)) await this.repo.delete(q, id);
  }

  /** `change` returns null for "nothing to do" (the current alarm is returned, no event). */
  private async mutate(
    id: string,
    action: AlarmAction,
    hooks: WriteHooks,
    change: (q: Queryable, cur: AlarmRow) => Promise<AlarmRow | null>,
  ): Promise<Alarm | undefined> {
    await this.settle(this.hot.takeById(id));
    const done = await this.db.tx(async (q) => {
      const cur = await this.repo.findById(q, id, true);
      if (!cur) return undefined;
      await hooks.check?.(q, cur);
      const row = await change(q, cur);
      if (row) await hooks.after?.(q, row);
      return { row: row ?? cur, changed: row !== null, ids: await this.repo.propagatedIds(q, id) };
    });
    if (!done) return undefined;
    if (done.changed) this.publish(action, done.row, done.ids);
    return toAlarm(done.row);
  }

  private publish(action: AlarmAction, row: AlarmRow, entityIds: string[]): void {
    this.bus.publish({
      kind: 'alarm',
      tenantId: row.tenant_id,
      entityType: row.originator_type,
      entityId: row.originator_id,
      action,
      alarm: toAlarm(row),
      entityIds,
    });
  }
}

const relationTypes = (v: string[] | null | undefined) => JSON.stringify(v?.length ? v : []);

/** Whether an update keeps the alarm's propagation (otherwise it must be recomputed in a transaction). */
function samePropagation(row: AlarmRow, input: UpsertInput): boolean {
  if (input.propagate !== undefined && input.propagate !== row.propagate) return false;
  return (
    input.propagateRelationTypes === undefined ||
    relationTypes(input.propagateRelationTypes) === relationTypes(row.propagate_relation_types)
  );
}
