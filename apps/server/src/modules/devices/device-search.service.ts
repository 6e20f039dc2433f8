import { badRequest } from '../../lib/app-error.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import type { EntityRef } from '../entities/entity-tables.ts';
import { farEnd, type FetchLevel, findByQuery, type RelationSearchParameters } from '../relations/relation-query.ts';
import { DEVICE_READERS } from './device-access.ts';
import { toDevice } from './device.mapper.ts';
import type { DeviceRepository } from './device.repository.ts';

/** POST /api/devices body (ThingsBoard's DeviceSearchQuery). */
export interface DeviceSearchQuery {
  parameters?: RelationSearchParameters | null;
  relationType?: string | null;
  deviceTypes?: string[] | null;
}

export interface RootAccess {
  /** Throws 404/403 unless the caller may read the entity. */
  check(caller: Caller, ref: EntityRef, op: 'READ'): Promise<unknown>;
}

/**
 * Devices related to a root entity: the relation walk of the query's parameters, keeping the
 * relations of the given type that lead to devices, then the devices of the listed types that the
 * caller may read (customer roles: their customer's).
 */
export class DeviceSearchService {
  constructor(
    private readonly repo: DeviceRepository,
    private readonly fetchLevel: FetchLevel,
    private readonly rootAccess: RootAccess,
  ) {}

  async find(caller: Caller, query: DeviceSearchQuery) {
    requireAuthority(caller, ...DEVICE_READERS);
    const p = query.parameters;
    if (!p?.rootId || !p.rootType) throw badRequest('Device search query parameters should be specified!');
    if (p.direction !== 'FROM' && p.direction !== 'TO') throw badRequest("Search direction should be 'FROM' or 'TO'!");
    if (!query.deviceTypes || query.deviceTypes.length === 0) throw badRequest('Device types should be specified!');
    await this.rootAccess.check(caller, { entityType: p.rootType, id: p.rootId }, 'READ');
    const relations = await findByQuery(this.fetchLevel, p, [
      { relationType: query.relationType || null, entityTypes: ['DEVICE'] },
    ]);
    const ids = [...new Set(relations.map((r) => farEnd(r, p.direction).id))];
    if (ids.length === 0) return [];
    const customerId = isCustomerRole(caller) ? caller.customerId : undefined;
    const types = new Set(query.deviceTypes);
    const rows = await this.repo.findByIds(caller.tenantId, customerId, ids);
    return rows.filter((r) => types.has(r.type)).map(toDevice);
  }
}
