// action.TbCopyAttributesToEntityViewNode: copies the originator's attribute changes to its entity
// views whose time window is open now and whose key lists (per scope) include them.
import { toKvEntry, type KvEntry } from '@sapo/common';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { findViewsOfEntity, type ViewOfEntity } from '../lookups/action-entity-view.lookup.ts';

const TYPES = new Set([
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'POST_ATTRIBUTES_REQUEST',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
]);
const SCOPES: Record<AttributeScope, 'cs' | 'ss' | 'sh'> = {
  CLIENT_SCOPE: 'cs',
  SERVER_SCOPE: 'ss',
  SHARED_SCOPE: 'sh',
};

function scopeOf(type: string, metaScope: string | undefined): AttributeScope {
  if (type === 'POST_ATTRIBUTES_REQUEST') return 'CLIENT_SCOPE';
  if (type === 'ACTIVITY_EVENT' || type === 'INACTIVITY_EVENT') return 'SERVER_SCOPE';
  const s = (metaScope ?? '') as AttributeScope;
  if (!(s in SCOPES)) throw new Error(`Unsupported attribute scope '${metaScope ?? ''}': metadata 'scope' is required`);
  return s;
}

/** Open now: started, and not yet ended (0 = no end). */
const isOpen = (v: ViewOfEntity, now: number) => v.startTs <= now && (v.endTs === 0 || v.endTs > now);

export const copyToViewNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.action.TbCopyAttributesToEntityViewNode',
  type: 'ACTION',
  name: 'copy to view',
  description: 'Copy attributes from asset/device to entity view and changes message originator to related entity view',
  details:
    'Copy attributes from asset/device to related entity view according to entity view configuration. \n ' +
    'Copy will be done only for attributes that are between start and end dates and according to attribute keys configuration. ' +
    'The incoming message continues on "Success".',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { version: 0 },
  configurationFields: [],
  create(init) {
    return {
      async onMsg(msg) {
        if (!TYPES.has(msg.type)) throw new Error(`Unsupported msg type [${msg.type}]`);
        const scope = scopeOf(msg.type, msg.metaData.scope);
        let data: unknown;
        try {
          data = JSON.parse(msg.data);
        } catch {
          throw new Error('Message data is not JSON');
        }
        const deleted = msg.type === 'ATTRIBUTES_DELETED';
        const keysDeleted =
          deleted && data && typeof data === 'object' && Array.isArray((data as { attributes?: unknown }).attributes)
            ? (data as { attributes: unknown[] }).attributes.map(String)
            : [];
        const entries: KvEntry[] =
          !deleted && data && typeof data === 'object' && !Array.isArray(data)
            ? Object.entries(data as Record<string, unknown>).flatMap(([k, v]) => toKvEntry(k, v, false) ?? [])
            : [];
        if (!entries.length && !keysDeleted.length) return { relation: 'Success', msg };

        const now = init.services.clock.now();
        const views = await findViewsOfEntity(init.services.db, init.tenantId, msg.originator.id);
        for (const view of views) {
          if (!isOpen(view, now)) continue;
          const allowed = new Set(view.keys.attributes?.[SCOPES[scope]] ?? []);
          const target = { tenantId: init.tenantId, entityType: 'ENTITY_VIEW', id: view.id };
          if (deleted) {
            const keys = keysDeleted.filter((k) => allowed.has(k));
            if (keys.length) await init.services.attributeStore.delete(target, scope, keys);
          } else {
            const copy = entries.filter((e) => allowed.has(e.key));
            if (copy.length) await init.services.attributeStore.save(target, scope, copy, now);
          }
        }
        return { relation: 'Success', msg };
      },
    };
  },
};
