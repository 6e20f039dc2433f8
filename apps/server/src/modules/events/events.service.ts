// Reading rule-engine events: the events panel (/api/events/…) and a node's last input (debugIn).
import { ENTITY_TYPES, type EntityType, type PageData } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { EventQuery, EventRepository, EventRow } from './event.repository.ts';

const EVENT_TYPES = new Set(['ERROR', 'LC_EVENT', 'STATS', 'DEBUG_RULE_NODE', 'DEBUG_RULE_CHAIN']);

export function toEvent(r: EventRow) {
  return {
    id: { id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    entityId: { entityType: r.entity_type as EntityType, id: r.entity_id },
    type: r.event_type,
    uid: r.event_uid ?? r.id,
    body: r.body,
  };
}

export type EventListQuery = Omit<EventQuery, 'tenantId' | 'entityId' | 'eventType'>;

const parseMaybeJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export class EventsService {
  constructor(
    private readonly db: Queryable,
    private readonly repo: EventRepository,
    private readonly entityAccess: EntityAccess,
  ) {}

  /**
   * The tenant that owns the entity, after the permission check: rule chains and nodes are the
   * tenant administrator's (another tenant's → 403, as over the rule-chain API); other entities follow the shared access rules.
   */
  private async ownerTenant(caller: Caller, entityType: string, entityId: string): Promise<string> {
    if (entityType === 'RULE_NODE' || entityType === 'RULE_CHAIN') {
      requireAuthority(caller, 'TENANT_ADMIN');
      const sql =
        entityType === 'RULE_CHAIN'
          ? 'SELECT tenant_id FROM rule_chain WHERE id = $1'
          : 'SELECT c.tenant_id FROM rule_node n JOIN rule_chain c ON c.id = n.rule_chain_id WHERE n.id = $1';
      const rows = await this.db.query<{ tenant_id: string }>(sql, [entityId]);
      if (!rows[0]) throw notFound();
      if (rows[0].tenant_id !== caller.tenantId) throw forbidden();
      return caller.tenantId;
    }
    if (!(ENTITY_TYPES as readonly string[]).includes(entityType)) {
      throw badRequest(`Unsupported entity type '${entityType}'!`);
    }
    const owner = await this.entityAccess.check(caller, { entityType, id: entityId }, 'READ');
    const tenantId = entityType === 'TENANT' ? owner.id : owner.tenantId;
    if (!tenantId) throw forbidden();
    return tenantId;
  }

  async find(
    caller: Caller,
    entityType: string,
    entityId: string,
    eventType: string | undefined,
    query: EventListQuery,
  ): Promise<PageData<ReturnType<typeof toEvent>>> {
    if (eventType !== undefined && !EVENT_TYPES.has(eventType)) {
      throw badRequest(`Unsupported event type '${eventType}'! Allowed: ${[...EVENT_TYPES].join(', ')}`);
    }
    if (query.startTime !== undefined && query.endTime !== undefined && query.startTime > query.endTime) {
      throw badRequest('startTime should not be after endTime!');
    }
    const tenantId = await this.ownerTenant(caller, entityType, entityId);
    const page = await this.repo.find({ ...query, tenantId, entityId, eventType });
    return { ...page, data: page.data.map(toEvent) };
  }

  /**
   * The last message the node received (its latest DEBUG_RULE_NODE event of type IN): ThingsBoard's
   * event body plus `msg` (the parsed data), `metadata` as an object and `msgType`, ready to prefill
   * the script test dialog. Null when the node has no recorded input.
   */
  async debugIn(caller: Caller, nodeId: string): Promise<Record<string, unknown> | null> {
    const tenantId = await this.ownerTenant(caller, 'RULE_NODE', nodeId);
    const rows = await this.repo.latest(tenantId, nodeId, 'DEBUG_RULE_NODE', 10);
    const body = rows.find((r) => r.body?.type === 'IN')?.body;
    if (!body) return null;
    const metadata = parseMaybeJson(body.metadata);
    return {
      ...body,
      msg: parseMaybeJson(body.data),
      metadata: metadata && typeof metadata === 'object' ? metadata : {},
      msgType: body.msgType ?? null,
    };
  }
}
