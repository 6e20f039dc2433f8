import type { Asset } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import { OwnedEntityService, type OwnedServiceDeps, READERS, customerRef } from '../entities/owned-entity.service.ts';
import { isUniqueViolation } from '../entities/owned-entity.repository.ts';
import { deleteEntityViewsOf } from '../entity-views/entity-view-cleanup.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import type { AssetRepository, AssetRow } from './asset.repository.ts';

export interface AssetInput {
  id?: { id: string } | null;
  name?: string | null;
  type?: string | null;
  label?: string | null;
  additionalInfo?: unknown;
}

const NAME_TAKEN = 'Asset with such name already exists!';

export function toAsset(r: AssetRow): Asset {
  return {
    id: { entityType: 'ASSET' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    customerId: customerRef(r.customer_id),
    name: r.name,
    type: r.type,
    label: r.label,
    additionalInfo: r.additional_info ?? null,
  };
}

/**
 * Assets (reference §2.2 "Asset"): administrators create, delete and assign them; tenant users may
 * edit them; customer roles only read their customer's (ADR 0010).
 */
export class AssetsService extends OwnedEntityService<AssetRow, Asset> {
  private readonly assets: AssetRepository;

  constructor(
    deps: OwnedServiceDeps<AssetRow> & { repo: AssetRepository },
    private readonly limits: TenantLimits,
  ) {
    super(deps, 'ASSET', "Asset isn't assigned to any customer!");
    this.assets = deps.repo;
  }

  protected toDto(row: AssetRow) {
    return toAsset(row);
  }

  /** The entity views exposing the asset go with it (each audited as deleted). */
  protected async deleteDependents(caller: Caller, q: Queryable, row: AssetRow) {
    for (const v of await deleteEntityViewsOf(q, 'ASSET', row.id)) {
      await this.audit.log(
        { actor: caller, entityType: 'ENTITY_VIEW', entityId: v.id, entityName: v.name, action: 'DELETED' },
        q,
      );
    }
  }

  /**
   * Creates (no id) or updates an asset. `q` lets a caller such as the bulk import run it inside
   * its own transaction; by default the save is one transaction of its own.
   */
  async save(caller: Caller, input: AssetInput, q?: Queryable): Promise<Asset> {
    const existingId = input.id?.id;
    if (existingId) requireAuthority(caller, ...READERS);
    else requireAuthority(caller, 'TENANT_ADMIN');
    const type = input.type?.trim();
    if (!type) throw badRequest('Asset type should be specified!');
    const name = input.name?.trim();
    if (!name) throw badRequest('Asset name should be specified!');
    const label = input.label?.trim() || null;
    const info = input.additionalInfo ?? null;

    const run = async (tx: Queryable): Promise<Asset> => {
      const current = existingId ? await this.writable(caller, existingId, tx) : undefined;
      const same = await this.assets.findByName(caller.tenantId, name, tx);
      if (same && same.id !== current?.id) throw badRequest(NAME_TAKEN);
      if (current) {
        const row: AssetRow = { ...current, name, type, label, additional_info: info };
        await this.assets.update(tx, row);
        await this.log(caller, tx, row, 'UPDATED');
        return toAsset(row);
      }
      await this.limits.check(tx, caller.tenantId, 'maxAssets', () => this.assets.countByTenant(caller.tenantId, tx));
      const row: AssetRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: caller.tenantId,
        customer_id: null,
        name,
        type,
        label,
        additional_info: info,
      };
      await this.assets.insert(tx, row);
      await this.log(caller, tx, row, 'ADDED');
      return toAsset(row);
    };
    try {
      return q ? await run(q) : await this.db.tx(run);
    } catch (err) {
      // Two saves racing for one name: the unique index decides, with the same message.
      if (isUniqueViolation(err, 'asset_name_uq')) throw badRequest(NAME_TAKEN);
      throw err;
    }
  }
}
