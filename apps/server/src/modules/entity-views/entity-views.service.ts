import type { EntityType, EntityView } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import { OwnedEntityService, type OwnedServiceDeps, READERS, customerRef } from '../entities/owned-entity.service.ts';
import { isUniqueViolation } from '../entities/owned-entity.repository.ts';
import type { EntityViewKeys, EntityViewRepository, EntityViewRow } from './entity-view.repository.ts';

export interface EntityViewInput {
  id?: { id: string } | null;
  name?: string | null;
  type?: string | null;
  entityId?: { entityType: string; id: string } | null;
  keys?: {
    timeseries?: string[] | null;
    attributes?: { cs?: string[] | null; ss?: string[] | null; sh?: string[] | null } | null;
  } | null;
  startTimeMs?: number | null;
  endTimeMs?: number | null;
  additionalInfo?: unknown;
}

const NAME_TAKEN = 'Entity view with such name already exists!';
const TARGET_TYPES = new Set(['DEVICE', 'ASSET']);

/** Key lists as the key chips keep them: trimmed, without blanks or repeats. */
export function cleanKeyList(list: readonly string[] | null | undefined): string[] {
  return [...new Set((list ?? []).map((k) => k.trim()).filter(Boolean))];
}

export function cleanKeys(keys: EntityViewInput['keys']): EntityViewKeys {
  return {
    timeseries: cleanKeyList(keys?.timeseries),
    attributes: {
      cs: cleanKeyList(keys?.attributes?.cs),
      ss: cleanKeyList(keys?.attributes?.ss),
      sh: cleanKeyList(keys?.attributes?.sh),
    },
  };
}

export function toEntityView(r: EntityViewRow): EntityView {
  return {
    id: { entityType: 'ENTITY_VIEW' as const, id: r.id },
    createdTime: r.created_time,
    entityId: { entityType: r.entity_type as EntityType, id: r.entity_id },
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    customerId: customerRef(r.customer_id),
    name: r.name,
    type: r.type,
    keys: r.keys,
    startTimeMs: r.start_ts,
    endTimeMs: r.end_ts,
    additionalInfo: r.additional_info ?? null,
  };
}

/**
 * Entity views (reference §2.2 "EntityView"): a named window onto a device or asset of the same
 * tenant, limited to chosen keys and optionally to a time range (0 = unbounded).
 */
export class EntityViewsService extends OwnedEntityService<EntityViewRow, EntityView> {
  private readonly views: EntityViewRepository;

  constructor(
    deps: OwnedServiceDeps<EntityViewRow> & { repo: EntityViewRepository },
    private readonly access: EntityAccess,
  ) {
    super(deps, 'ENTITY_VIEW', "Entity view isn't assigned to any customer!");
    this.views = deps.repo;
  }

  protected toDto(row: EntityViewRow) {
    return toEntityView(row);
  }

  protected async deleteDependents() {
    // An entity view has nothing of its own besides relations and attributes.
  }

  async save(caller: Caller, input: EntityViewInput): Promise<EntityView> {
    const existingId = input.id?.id;
    if (existingId) requireAuthority(caller, ...READERS);
    else requireAuthority(caller, 'TENANT_ADMIN');
    const type = input.type?.trim();
    if (!type) throw badRequest('Entity View type should be specified!');
    const name = input.name?.trim();
    if (!name) throw badRequest('Entity view name should be specified!');
    const target = input.entityId;
    if (!target) throw badRequest('Entity view should point to a device or an asset!');
    if (!TARGET_TYPES.has(target.entityType)) {
      throw badRequest(`Entity view can't point to ${target.entityType}: only a device or an asset!`);
    }
    const start = input.startTimeMs ?? 0;
    const end = input.endTimeMs ?? 0;
    if (start > 0 && end > 0 && start >= end) throw badRequest('Entity view start time must be before its end time!');
    const fields = {
      name,
      type,
      entity_type: target.entityType,
      entity_id: target.id.toLowerCase(),
      keys: cleanKeys(input.keys),
      start_ts: start,
      end_ts: end,
      additional_info: input.additionalInfo ?? null,
    };

    const run = async (q: Queryable): Promise<EntityView> => {
      const current = existingId ? await this.writable(caller, existingId, q) : undefined;
      // A new or changed target must exist in the caller's tenant and be visible to the caller. An
      // unchanged one is not re-checked: a view exists to show a customer a device it doesn't own.
      const retarget = !current || current.entity_id !== fields.entity_id || current.entity_type !== fields.entity_type;
      if (retarget)
        await this.access.check(caller, { entityType: fields.entity_type, id: fields.entity_id }, 'READ', q);
      const same = await this.views.findByName(caller.tenantId, name, q);
      if (same && same.id !== current?.id) throw badRequest(NAME_TAKEN);
      if (current) {
        const row: EntityViewRow = { ...current, ...fields };
        await this.views.update(q, row);
        await this.log(caller, q, row, 'UPDATED');
        return toEntityView(row);
      }
      const row: EntityViewRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: caller.tenantId,
        customer_id: null,
        ...fields,
      };
      await this.views.insert(q, row);
      await this.log(caller, q, row, 'ADDED');
      return toEntityView(row);
    };
    try {
      return await this.db.tx(run);
    } catch (err) {
      if (isUniqueViolation(err, 'entity_view_name_uq')) throw badRequest(NAME_TAKEN);
      throw err;
    }
  }
}
