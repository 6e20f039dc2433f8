import type { AlarmSeverity, AlarmStatus } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import type { EntityRef } from '../entities/entity-tables.ts';

/** An alarm row as stored (0008-alarms.sql). */
export interface AlarmRow {
  id: string;
  created_time: number;
  tenant_id: string;
  customer_id: string | null;
  type: string;
  originator_id: string;
  originator_type: string;
  severity: AlarmSeverity;
  status: AlarmStatus;
  start_ts: number;
  end_ts: number;
  ack_ts: number;
  clear_ts: number;
  details: unknown;
  propagate: boolean;
  propagate_relation_types: string[] | null;
}

/** With the originator's name and label (AlarmInfo). */
export interface AlarmInfoRow extends AlarmRow {
  originator_name: string | null;
  originator_label: string | null;
}

/** An alarmsQuery row: the query entity it was found for. */
export interface AlarmMatchRow extends AlarmInfoRow {
  match_id: string;
  match_type: string;
}

const COLUMNS = `id, created_time, tenant_id, customer_id, type, originator_id, originator_type, severity, status,
  start_ts, end_ts, ack_ts, clear_ts, details, propagate, propagate_relation_types`;

/** The originator's display name and label, for originator types that have a table now. */
export const ORIGINATOR_JOINS = `
  LEFT JOIN device od ON a.originator_type = 'DEVICE' AND od.id = a.originator_id
  LEFT JOIN asset oa ON a.originator_type = 'ASSET' AND oa.id = a.originator_id
  LEFT JOIN entity_view ov ON a.originator_type = 'ENTITY_VIEW' AND ov.id = a.originator_id
  LEFT JOIN customer oc ON a.originator_type = 'CUSTOMER' AND oc.id = a.originator_id
  LEFT JOIN tb_user ou ON a.originator_type = 'USER' AND ou.id = a.originator_id
  LEFT JOIN tenant ot ON a.originator_type = 'TENANT' AND ot.id = a.originator_id`;
export const INFO_SELECT = `a.*, COALESCE(od.name, oa.name, ov.name, oc.title, ou.email, ot.title) AS originator_name,
  COALESCE(od.label, oa.label) AS originator_label`;

const ACTIVE = `status IN ('ACTIVE_UNACK', 'ACTIVE_ACK')`;

/** SQL of alarms and their propagation; no permission logic here. */
export class AlarmRepository {
  async findById(q: Queryable, id: string, forUpdate = false): Promise<AlarmRow | undefined> {
    const rows = await q.query<AlarmRow>(
      `SELECT ${COLUMNS} FROM alarm WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  async findInfo(q: Queryable, id: string): Promise<AlarmInfoRow | undefined> {
    const rows = await q.query<AlarmInfoRow>(`SELECT ${INFO_SELECT} FROM alarm a ${ORIGINATOR_JOINS} WHERE a.id = $1`, [
      id,
    ]);
    return rows[0];
  }

  async findActive(q: Queryable, originatorId: string, type: string, forUpdate = false): Promise<AlarmRow | undefined> {
    const rows = await q.query<AlarmRow>(
      `SELECT ${COLUMNS} FROM alarm WHERE originator_id = $1 AND type = $2 AND ${ACTIVE}${forUpdate ? ' FOR UPDATE' : ''}`,
      [originatorId, type],
    );
    return rows[0];
  }

  /** Inserts unless an uncleared alarm of the same originator and type exists (then undefined). */
  async insert(q: Queryable, r: AlarmRow): Promise<AlarmRow | undefined> {
    const rows = await q.query<AlarmRow>(
      `INSERT INTO alarm (${COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14::jsonb,$15,$16::jsonb)
       ON CONFLICT (originator_id, type) WHERE ${ACTIVE} DO NOTHING RETURNING ${COLUMNS}`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.customer_id,
        r.type,
        r.originator_id,
        r.originator_type,
        r.severity,
        r.status,
        r.start_ts,
        r.end_ts,
        r.ack_ts,
        r.clear_ts,
        r.details === undefined ? null : JSON.stringify(r.details),
        r.propagate,
        r.propagate_relation_types === null ? null : JSON.stringify(r.propagate_relation_types),
      ],
    );
    return rows[0];
  }

  /** Writes the changeable fields (type, originator and tenant never change). */
  async update(q: Queryable, r: AlarmRow): Promise<AlarmRow> {
    const rows = await q.query<AlarmRow>(
      `UPDATE alarm SET severity = $2, status = $3, start_ts = $4, end_ts = $5, ack_ts = $6, clear_ts = $7,
         details = $8::jsonb, propagate = $9, propagate_relation_types = $10::jsonb
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        r.id,
        r.severity,
        r.status,
        r.start_ts,
        r.end_ts,
        r.ack_ts,
        r.clear_ts,
        r.details === undefined ? null : JSON.stringify(r.details),
        r.propagate,
        r.propagate_relation_types === null ? null : JSON.stringify(r.propagate_relation_types),
      ],
    );
    return rows[0]!;
  }

  async delete(q: Queryable, id: string): Promise<boolean> {
    return (await q.query('DELETE FROM alarm WHERE id = $1 RETURNING id', [id])).length > 0;
  }

  /** The customer an entity is assigned to (devices, assets, entity views; a customer is its own). */
  async customerOf(q: Queryable, ref: EntityRef): Promise<string | null> {
    if (ref.entityType === 'CUSTOMER') return ref.id;
    const table = { DEVICE: 'device', ASSET: 'asset', ENTITY_VIEW: 'entity_view' }[ref.entityType];
    if (!table) return null;
    const rows = await q.query<{ c: string | null }>(`SELECT customer_id AS c FROM ${table} WHERE id = $1`, [ref.id]);
    return rows[0]?.c ?? null;
  }

  /**
   * The originator and every entity with a COMMON relation to it, transitively (parents of parents),
   * each once; `types` (non-empty) limits the relation types followed.
   */
  async ancestors(q: Queryable, origin: EntityRef, types: readonly string[] | null): Promise<EntityRef[]> {
    const rows = await q.query<{ id: string; type: string }>(
      `WITH RECURSIVE up(id, type) AS (
         SELECT $1::uuid, $2::text
         UNION
         SELECT r.from_id, r.from_type FROM relation r JOIN up ON r.to_id = up.id AND r.to_type = up.type
         WHERE r.relation_type_group = 'COMMON' AND ($3::text[] IS NULL OR r.relation_type = ANY($3::text[])))
       SELECT id, type FROM up`,
      [origin.id, origin.entityType, types?.length ? types : null],
    );
    return rows.map((r) => ({ entityType: r.type, id: r.id }));
  }

  /** Replaces the entities an alarm shows on. */
  async setPropagation(q: Queryable, alarm: AlarmRow, refs: readonly EntityRef[]): Promise<void> {
    await q.query('DELETE FROM alarm_propagation WHERE alarm_id = $1', [alarm.id]);
    if (!refs.length) return;
    await q.query(
      `INSERT INTO alarm_propagation (alarm_id, entity_id, entity_type, tenant_id, created_time)
       SELECT $1, e.id, e.type, $4, $5 FROM unnest($2::uuid[], $3::text[]) AS e(id, type)
       ON CONFLICT DO NOTHING`,
      [alarm.id, refs.map((r) => r.id), refs.map((r) => r.entityType), alarm.tenant_id, alarm.created_time],
    );
  }

  async propagatedIds(q: Queryable, alarmId: string): Promise<string[]> {
    const rows = await q.query<{ id: string }>('SELECT entity_id AS id FROM alarm_propagation WHERE alarm_id = $1', [
      alarmId,
    ]);
    return rows.map((r) => r.id);
  }

  async propagatedRefs(q: Queryable, alarmId: string): Promise<EntityRef[]> {
    const rows = await q.query<{ id: string; type: string }>(
      'SELECT entity_id AS id, entity_type AS type FROM alarm_propagation WHERE alarm_id = $1',
      [alarmId],
    );
    return rows.map((r) => ({ entityType: r.type, id: r.id }));
  }

  /** Alarms raised by an entity (deleting the entity deletes them). */
  async idsByOriginator(q: Queryable, originatorId: string): Promise<string[]> {
    const rows = await q.query<{ id: string }>('SELECT id FROM alarm WHERE originator_id = $1', [originatorId]);
    return rows.map((r) => r.id);
  }
}
