import {
  type Alarm,
  type AlarmCounters,
  type AlarmData,
  type AlarmInfo,
  type AlarmQueryStatus,
  type AlarmSeverity,
  type AlarmStatus,
  type PageData,
  type PageLink,
} from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { mapPage } from '../../lib/paging.ts';
import { isCustomerRole, requireAuthority, requireNotPublic, type Caller } from '../auth/caller.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { EntityRef } from '../entities/entity-tables.ts';
import type { EntityQueryService } from '../entity-query/entity-query.service.ts';
import type { AlarmCore, WriteHooks } from './alarm-core.ts';
import { toAlarm, toAlarmData, toAlarmInfo } from './alarm-mapper.ts';
import { parseAlarmQuery, statusesOf, timeFilter } from './alarm-query.ts';
import type { AlarmListRepository } from './alarm-list.repository.ts';
import type { AlarmRepository, AlarmRow } from './alarm.repository.ts';

export const BOTH_STATUSES_MESSAGE =
  "Invalid alarms search query: Both parameters 'searchStatus' and 'status' can't be specified at the same time!";

/** The body of POST /api/alarm (shape checked by the route schema). */
export interface AlarmInput {
  id?: { id: string } | null;
  type?: string | null;
  originator?: EntityRef | null;
  severity?: AlarmSeverity | null;
  status?: AlarmStatus | null;
  startTs?: number | null;
  endTs?: number | null;
  details?: unknown;
  propagate?: boolean | null;
  propagateRelationTypes?: string[] | null;
}

export interface StatusParams {
  searchStatus?: AlarmQueryStatus;
  status?: AlarmStatus;
}

export interface AlarmListParams extends StatusParams {
  startTime?: number;
  endTime?: number;
}

/** What an alarm query found: the page, and the entities it looked at (WebSocket subscriptions). */
export interface AlarmQueryResult {
  page: PageData<AlarmData>;
  entityIds: string[];
  totalEntities: number;
}

/**
 * Alarms for signed-in callers (reference §2.2 AlarmController; spec 1-client §3.5). Tenant roles
 * see the alarms of their tenant; customer roles those raised by or propagated to an entity of
 * their customer. The system administrator has none (403); another tenant's alarm is 403 too.
 */
export class AlarmService {
  constructor(
    private readonly db: Db,
    private readonly repo: AlarmRepository,
    private readonly lists: AlarmListRepository,
    private readonly core: AlarmCore,
    private readonly access: EntityAccess,
    private readonly entityQuery: EntityQueryService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, id: string): Promise<Alarm> {
    const row = await this.load(caller, this.db, id);
    return toAlarm(row);
  }

  async getInfo(caller: Caller, id: string): Promise<AlarmInfo> {
    await this.load(caller, this.db, id);
    const row = await this.repo.findInfo(this.db, id);
    if (!row) throw notFound();
    return toAlarmInfo(row);
  }

  async save(caller: Caller, input: AlarmInput): Promise<Alarm> {
    this.requireRole(caller);
    const patch = {
      severity: input.severity ?? undefined,
      status: input.status ?? undefined,
      details: input.details,
      propagate: input.propagate ?? undefined,
      propagateRelationTypes: input.propagateRelationTypes ?? undefined,
      startTs: input.startTs ?? undefined,
      endTs: input.endTs ?? undefined,
    };
    if (input.id?.id) {
      const saved = await this.core.update(input.id.id.toLowerCase(), patch, {
        check: (q, row) => this.check(caller, q, row, 'WRITE'),
        after: (q, row) => this.log(caller, row, 'UPDATED', q),
      });
      if (!saved) throw notFound();
      return saved;
    }
    const type = input.type?.trim();
    if (!type) throw badRequest('Alarm type should be specified!');
    if (type.length > 255) throw badRequest('Alarm type should be at most 255 characters!');
    if (!input.originator) throw badRequest('Alarm originator should be specified!');
    if (!input.severity) throw badRequest('Alarm severity should be specified!');
    const originator = { entityType: input.originator.entityType, id: input.originator.id.toLowerCase() };
    await this.access.check(caller, originator, 'OPERATE');
    const r = await this.core.createOrUpdate(
      { ...patch, tenantId: caller.tenantId, originator, type, severity: input.severity },
      { after: (q, row, created) => this.log(caller, row, created ? 'ADDED' : 'UPDATED', q) },
    );
    return r.alarm;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    this.requireRole(caller);
    const found = await this.core.delete(id, this.hooks(caller, 'DELETED'));
    if (!found) throw notFound();
  }

  async ack(caller: Caller, id: string): Promise<void> {
    this.requireRole(caller);
    if (!(await this.core.ack(id, this.hooks(caller, 'ALARM_ACK')))) throw notFound();
  }

  async clear(caller: Caller, id: string): Promise<void> {
    this.requireRole(caller);
    if (!(await this.core.clear(id, this.hooks(caller, 'ALARM_CLEAR')))) throw notFound();
  }

  async listByEntity(
    caller: Caller,
    entity: EntityRef,
    params: AlarmListParams,
    link: PageLink,
  ): Promise<PageData<AlarmInfo>> {
    const statuses = this.statuses(params);
    await this.checkEntity(caller, entity);
    const page = await this.lists.listByEntity(
      this.db,
      entity.id.toLowerCase(),
      { statuses, startTime: params.startTime, endTime: params.endTime },
      link,
    );
    return mapPage(page, toAlarmInfo);
  }

  async highestSeverity(caller: Caller, entity: EntityRef, params: StatusParams): Promise<AlarmSeverity | null> {
    const statuses = this.statuses(params);
    await this.checkEntity(caller, entity);
    return this.lists.highestSeverity(this.db, entity.id.toLowerCase(), statuses);
  }

  /**
   * Counters (spec 1-client §3.5 counter statuses): TOTAL = every alarm, NEW = ACTIVE_UNACK,
   * INPROGRESS = ACTIVE_ACK, CLOSED = CLEARED_UNACK + CLEARED_ACK, UNREAD = ACTIVE_UNACK + CLEARED_UNACK.
   */
  async countersOfEntity(caller: Caller, entity: EntityRef): Promise<AlarmCounters> {
    await this.checkEntity(caller, entity);
    return this.lists.countersOfEntity(this.db, entity.id.toLowerCase());
  }

  /** The same counters over everything the caller sees (the tenant, or its customer's alarms). */
  async counters(caller: Caller): Promise<AlarmCounters> {
    this.requireRole(caller);
    return this.lists.countersOfScope(this.db, caller.tenantId, isCustomerRole(caller) ? caller.customerId : null);
  }

  /** POST /api/alarmsQuery/find and WebSocket alarmDataCmds (reference §7). */
  async findAlarmData(caller: Caller, raw: unknown): Promise<AlarmQueryResult> {
    this.requireRole(caller);
    const p = parseAlarmQuery(raw);
    const entities = await this.entityQuery.findEntityData(caller, p.entities);
    const latest = new Map(entities.data.map((e) => [e.entityId.id.toLowerCase(), e.latest]));
    const entityIds = [...latest.keys()];
    const page = entityIds.length
      ? await this.lists.queryByEntities(
          this.db,
          caller.tenantId,
          entityIds,
          p.propagated,
          timeFilter(p, this.clock.now()),
          p.link,
        )
      : { data: [], totalPages: 0, totalElements: 0, hasNext: false };
    return {
      page: mapPage(page, (r) => toAlarmData(r, (latest.get(r.match_id) ?? {}) as AlarmData['latest'])),
      entityIds,
      totalEntities: entities.totalElements,
    };
  }

  private statuses(p: StatusParams): AlarmStatus[] {
    if (p.searchStatus && p.status) throw badRequest(BOTH_STATUSES_MESSAGE);
    if (p.status) return [p.status];
    return statusesOf(p.searchStatus ? [p.searchStatus] : []);
  }

  private requireRole(caller: Caller): void {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER');
  }

  private async checkEntity(caller: Caller, entity: EntityRef): Promise<void> {
    this.requireRole(caller);
    await this.access.check(caller, { entityType: entity.entityType, id: entity.id.toLowerCase() }, 'READ');
  }

  private async load(caller: Caller, q: Queryable, id: string): Promise<AlarmRow> {
    this.requireRole(caller);
    const row = await this.repo.findById(q, id);
    if (!row) throw notFound();
    await this.check(caller, q, row, 'READ');
    return row;
  }

  /**
   * Another tenant's alarm is 403, as in ThingsBoard (alarms are looked up by id, then the
   * permission check fails — reference §2.3); a customer user needs the alarm raised for its
   * customer or shown on an entity it may see. `op` is kept for symmetry: whoever sees an alarm
   * may ack, clear, update or delete it (ThingsBoard 3.2 checks alarms with the tenant rule) —
   * except an anonymous public session, which only reads.
   */
  private async check(caller: Caller, q: Queryable, row: AlarmRow, op: 'READ' | 'WRITE'): Promise<void> {
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    if (op === 'WRITE') requireNotPublic(caller);
    if (!isCustomerRole(caller) || row.customer_id === caller.customerId) return;
    const refs = await this.repo.propagatedRefs(q, row.id);
    const allowed = await this.access.allowedKeys(caller, refs, 'READ', q);
    if (allowed.size === 0) throw forbidden();
  }

  private hooks(caller: Caller, action: ActionType): WriteHooks {
    return {
      check: (q, row) => this.check(caller, q, row, 'WRITE'),
      after: (q, row) => this.log(caller, row, action, q),
    };
  }

  private log(caller: Caller, row: AlarmRow, action: ActionType, q: Queryable): Promise<void> {
    return this.audit.log(
      {
        actor: caller,
        entityType: 'ALARM',
        entityId: row.id,
        entityName: row.type,
        action,
        data: { alarm: toAlarm(row) },
      },
      q,
    );
  }
}
