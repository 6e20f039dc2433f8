// SQL of rule-engine events: batch insert, retention prune, paged reads.
import { storableText, textProblem, type PageData } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { queryPage } from '../../lib/paging.ts';
import type { RuleEvent } from '../../rule-engine/rule-engine-types.ts';

export interface EventRow {
  id: string;
  created_time: number;
  tenant_id: string;
  entity_type: string;
  entity_id: string;
  event_type: string;
  event_uid: string | null;
  body: Record<string, unknown>;
}

export interface EventQuery {
  tenantId: string;
  entityId: string;
  eventType?: string;
  startTime?: number;
  endTime?: number;
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: string;
  sortOrder: 'ASC' | 'DESC';
}

const COLS = 'id, created_time, tenant_id, entity_type, entity_id, event_type, event_uid, body';

/**
 * PostgreSQL jsonb refuses U+0000 and lone surrogates; a debug payload (a script's output) may carry
 * them, so they are replaced, not fatal to the batch of events around it.
 */
const bodyText = (body: unknown) =>
  JSON.stringify(body ?? {}, (_k, v: unknown) => (typeof v === 'string' && textProblem(v) ? storableText(v) : v));

export class EventRepository {
  constructor(private readonly db: Queryable) {}

  async insertBatch(events: readonly RuleEvent[], q: Queryable = this.db): Promise<void> {
    if (!events.length) return;
    const ids = events.map(() => newId());
    await q.query(
      `INSERT INTO event (${COLS})
       SELECT u.id, u.ts, u.t, u.et, u.e, u.ty, u.id::text, u.b::jsonb
       FROM unnest($1::uuid[], $2::bigint[], $3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::text[])
         AS u(id, ts, t, et, e, ty, b)`,
      [
        ids,
        events.map((e) => Math.trunc(e.ts)),
        events.map((e) => e.tenantId),
        events.map((e) => e.entityType),
        events.map((e) => e.entityId),
        events.map((e) => e.eventType),
        events.map((e) => bodyText(e.body)),
      ],
    );
  }

  /** Keeps the newest `keep` events of each (tenant, entity, type) key. */
  async pruneKeys(keys: readonly { tenantId: string; entityId: string; eventType: string }[], keep: number) {
    if (!keys.length) return;
    await this.db.query(
      `DELETE FROM event e USING (
         SELECT x.id FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS k(t, en, ty)
         CROSS JOIN LATERAL (
           SELECT id FROM event WHERE tenant_id = k.t AND entity_id = k.en AND event_type = k.ty
           ORDER BY created_time DESC, id DESC OFFSET $4
         ) x
       ) d WHERE e.id = d.id`,
      [keys.map((k) => k.tenantId), keys.map((k) => k.entityId), keys.map((k) => k.eventType), keep],
    );
  }

  async pruneOlderThan(ts: number): Promise<void> {
    await this.db.query('DELETE FROM event WHERE created_time < $1', [ts]);
  }

  async find(query: EventQuery): Promise<PageData<EventRow>> {
    const where = ['tenant_id = $1', 'entity_id = $2'];
    const params: unknown[] = [query.tenantId, query.entityId];
    if (query.eventType) {
      params.push(query.eventType);
      where.push(`event_type = $${params.length}`);
    }
    if (query.startTime !== undefined) {
      params.push(query.startTime);
      where.push(`created_time >= $${params.length}`);
    }
    if (query.endTime !== undefined) {
      params.push(query.endTime);
      where.push(`created_time <= $${params.length}`);
    }
    return queryPage<EventRow>(
      this.db,
      {
        from: 'event',
        where,
        params,
        // ThingsBoard filters events by a prefix of their type.
        searchColumn: 'event_type',
        sortColumns: { createdTime: 'created_time', id: 'id' },
        select: COLS,
      },
      {
        pageSize: query.pageSize,
        page: query.page,
        textSearch: query.textSearch,
        // Newest first unless asked otherwise: the events panel shows the latest.
        sortProperty: query.sortProperty ?? 'createdTime',
        sortOrder: query.sortProperty ? query.sortOrder : 'DESC',
      },
    );
  }

  /** The newest `limit` events of a type for an entity. */
  async latest(tenantId: string, entityId: string, eventType: string, limit: number): Promise<EventRow[]> {
    return this.db.query<EventRow>(
      `SELECT ${COLS} FROM event WHERE tenant_id = $1 AND entity_id = $2 AND event_type = $3
       ORDER BY created_time DESC, id DESC LIMIT $4`,
      [tenantId, entityId, eventType, limit],
    );
  }
}

/** Deletes the events of these entities (deleted rule nodes and chains). */
export async function deleteEventsOf(q: Queryable, entityIds: readonly string[]): Promise<void> {
  if (entityIds.length) await q.query('DELETE FROM event WHERE entity_id = ANY($1::uuid[])', [entityIds]);
}

/** Deletes every event of a tenant (tenant deletion). */
export async function deleteTenantEvents(q: Queryable, tenantId: string): Promise<void> {
  await q.query('DELETE FROM event WHERE tenant_id = $1', [tenantId]);
}
