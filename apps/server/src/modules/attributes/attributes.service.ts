import type { EntityType } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { AttributeEntry, AttributesRepository } from './attributes.repository.ts';
import { fromAttributeColumns, toAttributeColumns } from './attribute-value.ts';

import { ATTRIBUTE_SCOPES, type AttributeScope } from '@sapo/common';
export { ATTRIBUTE_SCOPES, type AttributeScope };

/** ThingsBoard's AttributeKvEntry as the attribute REST calls return it. */
export interface AttributeKv {
  key: string;
  value: unknown;
  lastUpdateTs: number;
}

const MAX_KEY = 255;

function checkScope(scope: string): asserts scope is AttributeScope {
  if (!(ATTRIBUTE_SCOPES as readonly string[]).includes(scope)) throw badRequest(`Invalid scope: ${scope}`);
}

/**
 * Entity attributes by scope. Only the service for now (bulk import writes shared and server
 * attributes); the telemetry issue adds the REST calls and live updates on top of it.
 */
export class AttributesService {
  constructor(
    private readonly db: Db,
    private readonly repo: AttributesRepository,
    private readonly access: EntityAccess,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Saves key-values (typed into their columns, stamped with the clock) on an entity the caller may
   * change. `q` lets a caller run it in its own transaction.
   */
  async save(
    caller: Caller,
    entityType: EntityType,
    entityId: string,
    scope: AttributeScope,
    values: Record<string, unknown>,
    q?: Queryable,
  ): Promise<void> {
    checkScope(scope);
    const entries: AttributeEntry[] = [];
    for (const [rawKey, value] of Object.entries(values)) {
      const key = rawKey.trim();
      if (!key) throw badRequest('Attribute key should be specified!');
      if (key.length > MAX_KEY) throw badRequest(`Attribute key '${key.slice(0, 40)}…' is longer than ${MAX_KEY}`);
      const cols = toAttributeColumns(value);
      if (typeof cols === 'string') throw badRequest(`Attribute '${key}': value ${cols}`);
      entries.push({ key, ...cols });
    }
    const ids = { entityType, id: entityId.toLowerCase() };
    const run = async (tx: Queryable) => {
      await this.access.check(caller, ids, 'WRITE', tx);
      if (entries.length === 0) return;
      // Trimming may have merged keys: the last value of a key wins, as in a JSON object.
      const unique = [...new Map(entries.map((e) => [e.key, e])).values()];
      await this.repo.upsert(tx, entityType, ids.id, scope, unique, this.clock.now());
      await this.audit.log(
        {
          actor: caller,
          entityType,
          entityId: ids.id,
          action: 'ATTRIBUTES_UPDATED',
          data: { scope, attributes: Object.fromEntries(unique.map((e) => [e.key, fromAttributeColumns(e)])) },
        },
        tx,
      );
    };
    if (q) await run(q);
    else await this.db.tx(run);
  }

  /** The entity's attributes in a scope (all, or the given keys), sorted by key. */
  async find(
    caller: Caller,
    entityType: EntityType,
    entityId: string,
    scope: AttributeScope,
    keys?: readonly string[],
  ): Promise<AttributeKv[]> {
    checkScope(scope);
    const id = entityId.toLowerCase();
    await this.access.check(caller, { entityType, id }, 'READ');
    const wanted = keys?.map((k) => k.trim()).filter(Boolean);
    const rows = await this.repo.find(entityType, id, scope, wanted);
    return rows.map((r) => ({ key: r.attribute_key, value: fromAttributeColumns(r), lastUpdateTs: r.last_update_ts }));
  }
}
