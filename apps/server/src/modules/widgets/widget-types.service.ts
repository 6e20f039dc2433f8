// Widget types: lists per bundle, lookups by alias or id, save and delete (reference §2.2 WidgetType).
import type { Db, Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { Caller } from '../auth/caller.ts';
import { checkReadable, checkWritable, lockAliasScope, writeOwner } from './widget-access.ts';
import type { WidgetTypeRepository } from './widget-type.repository.ts';
import {
  aliasFrom,
  ownerColumn,
  ownerOf,
  SYSTEM_OWNER,
  toWidgetType,
  toWidgetTypeDetails,
  toWidgetTypeInfo,
  uniqueAlias,
  type WidgetTypeRow,
} from './widget-wire.ts';
import type { WidgetsBundleRepository } from './widgets-bundle.repository.ts';

export interface WidgetTypeInput {
  id?: { id: string } | null;
  bundleAlias?: string | null;
  alias?: string | null;
  name?: string | null;
  descriptor?: unknown;
  image?: string | null;
  description?: string | null;
}

/** Which widgets a list call means: the system's, or the caller's tenant's, of one bundle. */
export interface BundleScope {
  isSystem: boolean;
  bundleAlias: string;
}

const isNonEmptyObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0;

export class WidgetTypesService {
  constructor(
    private readonly db: Db,
    private readonly types: WidgetTypeRepository,
    private readonly bundles: WidgetsBundleRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private log(caller: Caller, row: WidgetTypeRow, action: ActionType, q: Queryable) {
    return this.audit.log(
      { actor: caller, entityType: 'WIDGET_TYPE', entityId: row.id, entityName: row.name, action },
      q,
    );
  }

  /** isSystem=false means the caller's tenant (the system itself for the system administrator). */
  private owner(caller: Caller, scope: BundleScope): string {
    return scope.isSystem ? SYSTEM_OWNER : caller.tenantId;
  }

  async list(caller: Caller, scope: BundleScope) {
    return (await this.types.list(this.owner(caller, scope), scope.bundleAlias)).map(toWidgetType);
  }

  async listDetails(caller: Caller, scope: BundleScope) {
    return (await this.types.list(this.owner(caller, scope), scope.bundleAlias)).map(toWidgetTypeDetails);
  }

  async listInfos(caller: Caller, scope: BundleScope) {
    return (await this.types.listInfos(this.owner(caller, scope), scope.bundleAlias)).map(toWidgetTypeInfo);
  }

  async getByAlias(caller: Caller, scope: BundleScope & { alias: string }) {
    const row = await this.types.findByAlias(this.owner(caller, scope), scope.bundleAlias, scope.alias);
    if (!row) throw notFound();
    return toWidgetType(row);
  }

  async get(caller: Caller, id: string) {
    const row = await this.types.findById(id);
    return toWidgetTypeDetails(checkReadable(caller, row, ownerOf));
  }

  /** Creates in an existing bundle of the caller's (alias from the given alias or the name) or updates. */
  async save(caller: Caller, input: WidgetTypeInput) {
    const owner = writeOwner(caller);
    const bundleAlias = input.bundleAlias?.trim();
    if (!bundleAlias) throw badRequest('Widgets type bundle alias should be specified!');
    const name = input.name?.trim();
    if (!name) throw badRequest('Widgets type name should be specified!');
    const descriptor = input.descriptor;
    if (!isNonEmptyObject(descriptor)) throw badRequest("Widgets type descriptor can't be empty!");
    const alias = input.alias?.trim();
    const saved = await this.db.tx(async (q) => {
      const existingId = input.id?.id;
      if (existingId) {
        const current = checkWritable(caller, owner, await this.types.findById(existingId, q), ownerOf);
        if (bundleAlias !== current.bundle_alias) {
          throw badRequest('Update of widget type bundle alias is prohibited!');
        }
        if (alias && alias !== current.alias) throw badRequest('Update of widget type alias is prohibited!');
        const row: WidgetTypeRow = {
          ...current,
          name,
          descriptor,
          image: input.image === undefined ? current.image : input.image,
          description: input.description === undefined ? current.description : input.description,
        };
        await this.types.update(q, row);
        await this.log(caller, row, 'UPDATED', q);
        return row;
      }
      // Held until commit: the bundle cannot be deleted under the new widget type.
      if (!(await this.bundles.findByAlias(owner, bundleAlias, q, true))) {
        throw badRequest('Widget type is referencing to non-existent widgets bundle!');
      }
      await lockAliasScope(q, `widget_type:${owner}:${bundleAlias}`);
      const base = alias || aliasFrom(name, 'widget_type');
      const row: WidgetTypeRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: ownerColumn(owner),
        bundle_alias: bundleAlias,
        alias: uniqueAlias(base, await this.types.aliasesLike(q, owner, bundleAlias, base)),
        name,
        descriptor,
        image: input.image ?? null,
        description: input.description ?? null,
      };
      await this.types.insert(q, row);
      await this.log(caller, row, 'ADDED', q);
      return row;
    });
    return toWidgetTypeDetails(saved);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const owner = writeOwner(caller);
    await this.db.tx(async (q) => {
      const row = checkWritable(caller, owner, await this.types.findById(id, q), ownerOf);
      await this.types.delete(q, id);
      await this.log(caller, row, 'DELETED', q);
    });
  }
}
