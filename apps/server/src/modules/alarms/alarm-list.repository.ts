import type { AlarmCounters, AlarmSeverity, AlarmStatus, PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { likePrefix, queryPage } from '../../lib/paging.ts';
import { INFO_SELECT, ORIGINATOR_JOINS, type AlarmInfoRow, type AlarmMatchRow } from './alarm.repository.ts';

/** Severity as a rank, so sorting DESC puts CRITICAL first. */
const SEVERITY_RANK = `CASE x.severity WHEN 'CRITICAL' THEN 4 WHEN 'MAJOR' THEN 3 WHEN 'MINOR' THEN 2
  WHEN 'WARNING' THEN 1 ELSE 0 END`;

/** List sort columns (spec 1-client §3.5) → SQL on the info row `x`. */
export const ALARM_SORT_COLUMNS: Record<string, string> = {
  createdTime: 'x.created_time',
  startTs: 'x.start_ts',
  endTs: 'x.end_ts',
  ackTs: 'x.ack_ts',
  clearTs: 'x.clear_ts',
  originatorName: 'x.originator_name',
  originator: 'x.originator_name',
  'originator.entityType': 'x.originator_type',
  originatorType: 'x.originator_type',
  type: 'x.type',
  severity: SEVERITY_RANK,
  status: 'x.status',
};

/** Filters shared by the list calls; `statuses` empty = any. */
export interface AlarmListFilter {
  statuses: readonly AlarmStatus[];
  startTime?: number;
  endTime?: number;
  typeList?: readonly string[];
  severityList?: readonly string[];
}

function filterSql(f: AlarmListFilter, params: unknown[], where: string[]): void {
  const add = (v: unknown) => `$${params.push(v)}`;
  if (f.statuses.length) where.push(`x.status = ANY(${add(f.statuses)}::text[])`);
  if (f.startTime) where.push(`x.created_time >= ${add(f.startTime)}`);
  if (f.endTime) where.push(`x.created_time <= ${add(f.endTime)}`);
  if (f.typeList?.length) where.push(`x.type = ANY(${add(f.typeList)}::text[])`);
  if (f.severityList?.length) where.push(`x.severity = ANY(${add(f.severityList)}::text[])`);
}

/** Text search: case-insensitive prefix of the alarm type or the originator's name. */
function searchSql(text: string | undefined | null, params: unknown[], where: string[]): void {
  if (!text) return;
  const p = `$${params.push(likePrefix(text))}`;
  where.push(`(lower(x.type) LIKE lower(${p}) OR lower(COALESCE(x.originator_name, '')) LIKE lower(${p}))`);
}

/**
 * What a customer user sees: alarms raised for its customer's entities, and alarms propagated to an
 * entity currently assigned to it. `a` is the alarm alias, `c` the customer id placeholder.
 */
export function customerVisibleSql(a: string, c: string): string {
  return `(${a}.customer_id = ${c} OR EXISTS (SELECT 1 FROM alarm_propagation cp
    LEFT JOIN device cd ON cp.entity_type = 'DEVICE' AND cd.id = cp.entity_id
    LEFT JOIN asset ca ON cp.entity_type = 'ASSET' AND ca.id = cp.entity_id
    LEFT JOIN entity_view cv ON cp.entity_type = 'ENTITY_VIEW' AND cv.id = cp.entity_id
    WHERE cp.alarm_id = ${a}.id AND COALESCE(cd.customer_id, ca.customer_id, cv.customer_id) = ${c}))`;
}

const COUNTERS_SELECT = `count(*)::int AS "TOTAL",
  count(*) FILTER (WHERE a.status = 'ACTIVE_UNACK')::int AS "NEW",
  count(*) FILTER (WHERE a.status = 'ACTIVE_ACK')::int AS "INPROGRESS",
  count(*) FILTER (WHERE a.status IN ('CLEARED_UNACK', 'CLEARED_ACK'))::int AS "CLOSED",
  count(*) FILTER (WHERE a.status IN ('ACTIVE_UNACK', 'CLEARED_UNACK'))::int AS "UNREAD"`;

/** SQL of alarm lists, severities and counters; no permission logic here. */
export class AlarmListRepository {
  /** Alarms shown on an entity (raised by it or propagated to it), as AlarmInfo rows. */
  listByEntity(q: Queryable, entityId: string, f: AlarmListFilter, link: PageLink): Promise<PageData<AlarmInfoRow>> {
    const params: unknown[] = [entityId];
    const where: string[] = [];
    filterSql(f, params, where);
    searchSql(link.textSearch, params, where);
    return queryPage<AlarmInfoRow>(
      q,
      {
        from: `(SELECT ${INFO_SELECT} FROM alarm_propagation p JOIN alarm a ON a.id = p.alarm_id ${ORIGINATOR_JOINS}
                WHERE p.entity_id = $1) x`,
        where,
        params,
        searchColumn: 'x.type',
        sortColumns: ALARM_SORT_COLUMNS,
      },
      { ...link, textSearch: undefined },
    );
  }

  async highestSeverity(
    q: Queryable,
    entityId: string,
    statuses: readonly AlarmStatus[],
  ): Promise<AlarmSeverity | null> {
    const params: unknown[] = [entityId];
    const where: string[] = [];
    filterSql({ statuses }, params, where);
    const rows = await q.query<{ severity: AlarmSeverity }>(
      `SELECT x.severity FROM (SELECT a.* FROM alarm_propagation p JOIN alarm a ON a.id = p.alarm_id
         WHERE p.entity_id = $1) x ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${SEVERITY_RANK} DESC LIMIT 1`,
      params,
    );
    return rows[0]?.severity ?? null;
  }

  async countersOfEntity(q: Queryable, entityId: string): Promise<AlarmCounters> {
    const rows = await q.query<AlarmCounters>(
      `SELECT ${COUNTERS_SELECT} FROM alarm_propagation p JOIN alarm a ON a.id = p.alarm_id WHERE p.entity_id = $1`,
      [entityId],
    );
    return rows[0]!;
  }

  /** Counters over a tenant's alarms, or (customerId given) those its customer sees. */
  async countersOfScope(q: Queryable, tenantId: string, customerId: string | null): Promise<AlarmCounters> {
    const rows = await q.query<AlarmCounters>(
      `SELECT ${COUNTERS_SELECT} FROM alarm a WHERE a.tenant_id = $1${
        customerId ? ` AND ${customerVisibleSql('a', '$2::uuid')}` : ''
      }`,
      customerId ? [tenantId, customerId] : [tenantId],
    );
    return rows[0]!;
  }

  /**
   * Alarms of the given entities (alarmsQuery): raised by them, or also propagated to them. Each
   * alarm appears once, found for its originator when that is one of the entities.
   */
  queryByEntities(
    q: Queryable,
    tenantId: string,
    entityIds: readonly string[],
    propagated: boolean,
    f: AlarmListFilter,
    link: PageLink,
  ): Promise<PageData<AlarmMatchRow>> {
    const params: unknown[] = [tenantId, entityIds];
    const where: string[] = [];
    filterSql(f, params, where);
    searchSql(link.textSearch, params, where);
    const from = `(SELECT DISTINCT ON (a.id) ${INFO_SELECT}, p.entity_id AS match_id, p.entity_type AS match_type
       FROM alarm_propagation p JOIN alarm a ON a.id = p.alarm_id ${ORIGINATOR_JOINS}
       WHERE p.tenant_id = $1 AND p.entity_id = ANY($2::uuid[])${propagated ? '' : ' AND p.entity_id = a.originator_id'}
       ORDER BY a.id, (p.entity_id = a.originator_id) DESC, p.entity_id) x`;
    return queryPage<AlarmMatchRow>(
      q,
      { from, where, params, searchColumn: 'x.type', sortColumns: ALARM_SORT_COLUMNS },
      { ...link, textSearch: undefined },
    );
  }
}
