import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { EntityNames } from '../entities/entity-names.ts';
import { type EntityRef, refKey } from '../entities/entity-tables.ts';
import type { EntityType } from '@sapo/common';
import { type RelationFilter, type RelationSearchParameters, farEnd, findByQuery } from './relation-query.ts';
import type { Direction, RelationRepository, RelationRow } from './relation.repository.ts';

export const RELATION_TYPE_GROUPS = ['COMMON', 'ALARM', 'DASHBOARD', 'RULE_CHAIN', 'RULE_NODE'] as const;

export interface RelationInput {
  from?: EntityRef | null;
  to?: EntityRef | null;
  type?: string | null;
  typeGroup?: string | null;
  additionalInfo?: unknown;
}

export interface RelationsQueryInput {
  parameters: RelationSearchParameters;
  filters?: RelationFilter[] | null;
}

// Stored types are ENTITY_TYPES (checked on the way in).
const ref = (entityType: string, id: string) => ({ entityType: entityType as EntityType, id });

export function toRelation(r: RelationRow) {
  return {
    from: ref(r.from_type, r.from_id),
    to: ref(r.to_type, r.to_id),
    type: r.relation_type,
    typeGroup: r.relation_type_group,
    additionalInfo: r.additional_info ?? null,
  };
}

/** Relations between entities (reference §2.2): both ends must exist and be the caller's to see or change. */
export class RelationsService {
  constructor(
    private readonly db: Db,
    private readonly repo: RelationRepository,
    private readonly access: EntityAccess,
    private readonly names: EntityNames,
    private readonly audit: AuditService,
  ) {}

  async save(caller: Caller, input: RelationInput): Promise<void> {
    if (!input.from) throw badRequest('Relation should contain from entity!');
    if (!input.to) throw badRequest('Relation should contain to entity!');
    const type = input.type?.trim();
    if (!type) throw badRequest('Relation type should be specified!');
    const row: RelationRow = {
      from_id: input.from.id.toLowerCase(),
      from_type: input.from.entityType,
      to_id: input.to.id.toLowerCase(),
      to_type: input.to.entityType,
      relation_type_group: input.typeGroup || 'COMMON',
      relation_type: type,
      additional_info: input.additionalInfo ?? null,
    };
    await this.db.tx(async (q) => {
      await this.access.check(caller, input.from!, 'WRITE', q);
      await this.access.check(caller, input.to!, 'WRITE', q);
      await this.repo.save(q, row);
      await this.logBothEnds(caller, row, 'RELATION_ADD_OR_UPDATE', q);
    });
  }

  async delete(caller: Caller, from: EntityRef, to: EntityRef, type: string, group = 'COMMON'): Promise<void> {
    if (!type.trim()) throw badRequest("Parameter 'relationType' can't be empty!");
    await this.db.tx(async (q) => {
      await this.access.check(caller, from, 'WRITE', q);
      await this.access.check(caller, to, 'WRITE', q);
      const row = await this.repo.find(from, to, type, group, q);
      if (!row || !(await this.repo.delete(q, from, to, type, group))) throw notFound();
      await this.logBothEnds(caller, row, 'RELATION_DELETED', q);
    });
  }

  /** Removes the entity's COMMON relations; other groups belong to dashboards, alarms and rule chains. */
  async deleteAll(caller: Caller, entity: EntityRef): Promise<void> {
    await this.db.tx(async (q) => {
      await this.access.check(caller, entity, 'WRITE', q);
      await this.repo.deleteOfEntity(q, entity, 'COMMON');
      await this.log(caller, entity, 'RELATIONS_DELETED', undefined, q);
    });
  }

  async get(caller: Caller, from: EntityRef, to: EntityRef, type: string, group = 'COMMON') {
    if (!type.trim()) throw badRequest("Parameter 'relationType' can't be empty!");
    await this.access.check(caller, from, 'READ');
    await this.access.check(caller, to, 'READ');
    const row = await this.repo.find(from, to, type, group);
    if (!row) throw notFound();
    return toRelation(row);
  }

  /** Relations from (FROM) or to (TO) an entity, without those whose other end the caller may not read. */
  async list(caller: Caller, entity: EntityRef, direction: Direction, group = 'COMMON', type?: string) {
    await this.access.check(caller, entity, 'READ');
    const rows = await this.readableOnly(caller, await this.repo.list(entity, direction, group, type));
    return rows.map(toRelation);
  }

  async listInfo(caller: Caller, entity: EntityRef, direction: Direction, group = 'COMMON', type?: string) {
    await this.access.check(caller, entity, 'READ');
    return this.withNames(await this.readableOnly(caller, await this.repo.list(entity, direction, group, type)));
  }

  async query(caller: Caller, input: RelationsQueryInput) {
    return (await this.runQuery(caller, input)).map(toRelation);
  }

  async queryInfo(caller: Caller, input: RelationsQueryInput) {
    return this.withNames(await this.runQuery(caller, input));
  }

  /**
   * Ids of the entities of one type related to the root (the search-by-query calls of assets and
   * entity views). The root must be readable; whether each found entity is, is the caller's job.
   */
  async relatedIds(
    caller: Caller,
    parameters: RelationSearchParameters,
    relationType: string | null | undefined,
    entityType: EntityType,
  ): Promise<string[]> {
    const rows = await this.runQuery(
      caller,
      { parameters, filters: [{ relationType, entityTypes: [entityType] }] },
      false,
    );
    return [...new Set(rows.map((r) => farEnd(r, parameters.direction).id))];
  }

  private async runQuery(caller: Caller, input: RelationsQueryInput, filterReadable = true) {
    const p = input.parameters;
    await this.access.check(caller, { entityType: p.rootType, id: p.rootId.toLowerCase() }, 'READ');
    const rows = await findByQuery(
      (entities, direction, group) => this.repo.nextLevel(entities, direction, group),
      { ...p, rootId: p.rootId.toLowerCase() },
      input.filters ?? [],
    );
    return filterReadable ? this.readableOnly(caller, rows) : rows;
  }

  private async readableOnly(caller: Caller, rows: RelationRow[]): Promise<RelationRow[]> {
    if (rows.length === 0) return rows;
    const ends = rows.flatMap((r) => [ref(r.from_type, r.from_id), ref(r.to_type, r.to_id)]);
    const ok = await this.access.allowedKeys(caller, ends, 'READ');
    return rows.filter((r) => ok.has(refKey(r.from_type, r.from_id)) && ok.has(refKey(r.to_type, r.to_id)));
  }

  private async withNames(rows: RelationRow[]) {
    const names = await this.names.lookup(rows.flatMap((r) => [ref(r.from_type, r.from_id), ref(r.to_type, r.to_id)]));
    return rows.map((r) => ({
      ...toRelation(r),
      fromName: names.get(refKey(r.from_type, r.from_id)) ?? null,
      toName: names.get(refKey(r.to_type, r.to_id)) ?? null,
    }));
  }

  private async logBothEnds(
    caller: Caller,
    row: RelationRow,
    action: ActionType,
    q: Parameters<AuditService['log']>[1],
  ) {
    const data = toRelation(row);
    await this.log(caller, data.from, action, data, q);
    await this.log(caller, data.to, action, data, q);
  }

  private async log(
    caller: Caller,
    entity: EntityRef,
    action: ActionType,
    data: unknown,
    q: Parameters<AuditService['log']>[1],
  ) {
    const entityName = await this.names.nameOf(entity, q);
    await this.audit.log(
      {
        actor: caller,
        entityType: entity.entityType as EntityType,
        entityId: entity.id,
        entityName,
        action,
        data,
      },
      q,
    );
  }
}
