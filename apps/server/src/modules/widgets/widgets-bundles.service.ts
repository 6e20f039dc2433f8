// Widgets bundles: the system's and each tenant's (reference §2.2 WidgetsBundle).
import type { PageData, PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { mapPage } from '../../lib/paging.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { Caller } from '../auth/caller.ts';
import { checkReadable, checkWritable, lockAliasScope, readableOwners, writeOwner } from './widget-access.ts';
import type { WidgetTypeRepository } from './widget-type.repository.ts';
import {
  aliasFrom,
  ownerColumn,
  ownerOf,
  toWidgetsBundle,
  uniqueAlias,
  type WidgetsBundleDto,
  type WidgetsBundleRow,
} from './widget-wire.ts';
import type { WidgetsBundleRepository } from './widgets-bundle.repository.ts';

export interface WidgetsBundleInput {
  id?: { id: string } | null;
  alias?: string | null;
  title?: string | null;
  image?: string | null;
  description?: string | null;
}

export class WidgetsBundlesService {
  constructor(
    private readonly db: Db,
    private readonly bundles: WidgetsBundleRepository,
    private readonly types: WidgetTypeRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private log(caller: Caller, row: WidgetsBundleRow, action: ActionType, q: Queryable) {
    return this.audit.log(
      { actor: caller, entityType: 'WIDGETS_BUNDLE', entityId: row.id, entityName: row.title, action },
      q,
    );
  }

  /** Every bundle the caller sees (system, plus the tenant's unless system administrator), by title. */
  async list(caller: Caller): Promise<WidgetsBundleDto[]> {
    return (await this.bundles.list(readableOwners(caller))).map(toWidgetsBundle);
  }

  async page(caller: Caller, link: PageLink): Promise<PageData<WidgetsBundleDto>> {
    return mapPage(await this.bundles.findPage(readableOwners(caller), link), toWidgetsBundle);
  }

  async get(caller: Caller, id: string): Promise<WidgetsBundleDto> {
    const row = await this.bundles.findById(id);
    return toWidgetsBundle(checkReadable(caller, row, ownerOf));
  }

  /** Creates (alias from the given alias or the title, made unique) or updates (alias kept). */
  async save(caller: Caller, input: WidgetsBundleInput): Promise<WidgetsBundleDto> {
    const owner = writeOwner(caller);
    const title = input.title?.trim();
    if (!title) throw badRequest('Widgets bundle title should be specified!');
    const alias = input.alias?.trim();
    const saved = await this.db.tx(async (q) => {
      const existingId = input.id?.id;
      if (existingId) {
        const current = checkWritable(caller, owner, await this.bundles.findById(existingId, q), ownerOf);
        if (alias && alias !== current.alias) throw badRequest('Update of widgets bundle alias is prohibited!');
        const row: WidgetsBundleRow = {
          ...current,
          title,
          image: input.image === undefined ? current.image : input.image,
          description: input.description === undefined ? current.description : input.description,
        };
        await this.bundles.update(q, row);
        await this.log(caller, row, 'UPDATED', q);
        return row;
      }
      await lockAliasScope(q, `widgets_bundle:${owner}`);
      const base = alias || aliasFrom(title, 'widgets_bundle');
      const row: WidgetsBundleRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: ownerColumn(owner),
        alias: uniqueAlias(base, await this.bundles.aliasesLike(q, owner, base)),
        title,
        image: input.image ?? null,
        description: input.description ?? null,
      };
      await this.bundles.insert(q, row);
      await this.log(caller, row, 'ADDED', q);
      return row;
    });
    return toWidgetsBundle(saved);
  }

  /** Deletes the bundle and its widget types. */
  async delete(caller: Caller, id: string): Promise<void> {
    const owner = writeOwner(caller);
    await this.db.tx(async (q) => {
      // Locked first, so a widget type being added to it meanwhile is either deleted here or refused.
      const row = checkWritable(caller, owner, await this.bundles.findById(id, q, true), ownerOf);
      await this.types.deleteByBundle(q, owner, row.alias);
      await this.bundles.delete(q, id);
      await this.log(caller, row, 'DELETED', q);
    });
  }
}
