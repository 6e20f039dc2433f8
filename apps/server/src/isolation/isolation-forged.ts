import type { Case, OpenApiDoc } from './isolation-cases.ts';
import { isForeign, ownEntity } from './isolation-model.ts';
import { UnmappedParam } from './isolation-params.ts';
import type { Actor, Entity, IsolationWorld, Kind } from './isolation-world.ts';

/**
 * Forged bodies: every body field of the OpenAPI document that names an owner or another entity
 * is given another owner's id, on top of a valid body. A field this file does not know fails the
 * matrix, like an unknown path parameter.
 */
type Field =
  /** The body's own id: an update of another owner's entity. */
  | { as: 'self'; kind: Kind }
  /** A reference the call acts on or links to: it must be refused. */
  | { as: 'ref'; kinds: readonly Kind[] }
  /** An owner (tenantId, customerId) or another server-owned field: ignored or refused, never applied nor echoed. */
  | { as: 'owner'; kinds: readonly Kind[] }
  /** A query's starting point: it may answer, but show nothing foreign. */
  | { as: 'query' }
  /** Another device's access token: taking it over would make that device's messages ours. */
  | { as: 'token' }
  | { as: 'skip'; why: string };

const LINKABLE: readonly Kind[] = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'DASHBOARD', 'USER'];

/** Base bodies per operation, for an actor (names are made unique by `n`). */
const BASES: Record<string, (w: IsolationWorld, a: Actor, n: number) => Record<string, unknown>> = {
  '/api/device': (_w, _a, n) => ({ name: `forged device ${n}`, type: 'default' }),
  '/api/asset': (_w, _a, n) => ({ name: `forged asset ${n}`, type: 'building' }),
  '/api/entityView': (w, a, n) => ({
    name: `forged view ${n}`,
    type: 'panel',
    entityId: ref(ownEntity(w, a, 'DEVICE')),
  }),
  '/api/customer': (_w, _a, n) => ({ title: `forged customer ${n}` }),
  '/api/user': (w, a, n) => ({
    email: `forged${n}@iso.test`,
    authority: 'CUSTOMER_USER',
    customerId: ref(ownEntity(w, a, 'CUSTOMER')),
  }),
  '/api/tenant': (_w, _a, n) => ({ title: `forged tenant ${n}` }),
  '/api/dashboard': (_w, _a, n) => ({ title: `forged dashboard ${n}` }),
  '/api/deviceProfile': (_w, _a, n) => ({ name: `forged profile ${n}` }),
  '/api/ruleChain': (_w, _a, n) => ({ name: `forged chain ${n}` }),
  '/api/ruleChain/metadata': (w, a) => ({ ruleChainId: ref(ownEntity(w, a, 'RULE_CHAIN')), nodes: [] }),
  '/api/widgetsBundle': (_w, _a, n) => ({ title: `forged bundle ${n}` }),
  '/api/widgetType': (_w, _a, n) => ({
    bundleAlias: 'forged',
    name: `forged widget ${n}`,
    descriptor: { type: 'latest', sizeX: 4, sizeY: 3, settingsSchema: {}, defaultConfig: '{}' },
  }),
  '/api/alarm': (w, a) => ({ type: 'Forged', originator: ref(ownEntity(w, a, 'DEVICE')), severity: 'MINOR' }),
  '/api/relation': (w, a) => ({
    from: ref(ownEntity(w, a, 'ASSET')),
    to: ref(ownEntity(w, a, 'DEVICE')),
    type: 'Manages',
  }),
  '/api/device/credentials': (w, a) => ({
    deviceId: ref(ownEntity(w, a, 'DEVICE')),
    credentialsType: 'ACCESS_TOKEN',
    credentialsId: `forged-token-${a.key}`,
  }),
  '/api/tenant/dashboard/home/info': (w, a) => ({
    dashboardId: ref(ownEntity(w, a, 'DASHBOARD')),
    hideDashboardToolbar: false,
  }),
  '/api/relations': (w, a) => relationQuery(ownEntity(w, a, 'ASSET')),
  '/api/relations/info': (w, a) => relationQuery(ownEntity(w, a, 'ASSET')),
  '/api/assets': (w, a) => ({ ...relationQuery(ownEntity(w, a, 'ASSET')), assetTypes: ['building'] }),
  '/api/devices': (w, a) => ({ ...relationQuery(ownEntity(w, a, 'ASSET')), deviceTypes: ['default'] }),
  '/api/entityViews': (w, a) => ({ ...relationQuery(ownEntity(w, a, 'ASSET')), entityViewTypes: ['panel'] }),
};

const ENTITY_QUERIES = ['/api/entitiesQuery/find', '/api/entitiesQuery/count', '/api/entitiesQuery/find/keys'];
const ALARM_QUERY = '/api/alarmsQuery/find';

function ref(e: Entity) {
  return { entityType: e.kind, id: e.id };
}

function relationQuery(root: Entity) {
  return {
    parameters: { rootId: root.id, rootType: root.kind, direction: 'FROM', maxLevel: 1 },
    filters: [],
    relationType: 'Contains',
  };
}

/** What each body field is; `undefined` for fields that name nothing (names, flags, JSON). */
function fieldOf(path: string, name: string): Field | undefined {
  if (name === 'id') {
    const kind = SELF_KINDS[path];
    if (!kind) return { as: 'skip', why: `the id of ${path} is not a tenant's entity` };
    return { as: 'self', kind };
  }
  if (name === 'tenantId') return { as: 'owner', kinds: ['TENANT'] };
  if (name === 'customerId') return { as: 'owner', kinds: ['CUSTOMER'] };
  if (name === 'assignedCustomers') return { as: 'owner', kinds: ['CUSTOMER'] };
  if (name === 'tenantProfileId') return { as: 'skip', why: 'tenant profiles are system-wide' };
  if (name === 'deviceProfileId') return { as: 'ref', kinds: ['DEVICE_PROFILE'] };
  if (name === 'defaultRuleChainId' || name === 'ruleChainId') return { as: 'ref', kinds: ['RULE_CHAIN'] };
  // Server-owned: set from the chain's metadata, never from this body.
  if (name === 'firstRuleNodeId') return { as: 'owner', kinds: ['RULE_NODE'] };
  if (name === 'dashboardId') return { as: 'ref', kinds: ['DASHBOARD'] };
  if (name === 'deviceId') return { as: 'ref', kinds: ['DEVICE'] };
  if (name === 'entityId') return { as: 'ref', kinds: ['DEVICE', 'ASSET'] };
  if (name === 'originator' || name === 'from' || name === 'to') return { as: 'ref', kinds: LINKABLE };
  if (name === 'parameters' || name === 'entityFilter') return { as: 'query' };
  if (name === 'credentialsId') return { as: 'token' };
  if (name === 'publicId') return { as: 'skip', why: 'a public id is the key of a public sign-in, by design' };
  if (/Ids?$/.test(name) || name === 'originator')
    throw new UnmappedParam(`add a fixture for body field '${name}' of ${path}`);
  return undefined;
}

const SELF_KINDS: Record<string, Kind> = {
  '/api/device': 'DEVICE',
  '/api/asset': 'ASSET',
  '/api/entityView': 'ENTITY_VIEW',
  '/api/customer': 'CUSTOMER',
  '/api/user': 'USER',
  '/api/tenant': 'TENANT',
  '/api/dashboard': 'DASHBOARD',
  '/api/deviceProfile': 'DEVICE_PROFILE',
  '/api/ruleChain': 'RULE_CHAIN',
  '/api/widgetsBundle': 'WIDGETS_BUNDLE',
  '/api/widgetType': 'WIDGET_TYPE',
  '/api/alarm': 'ALARM',
};

/**
 * Own updates left out: a base body would change the caller's own authority (ending its session), or
 * a widget type's bundle, which an update may not change.
 */
const NO_SELF_UPDATE = new Set(['/api/user', '/api/tenant', '/api/widgetType']);

/** Fields a body carries that its schema leaves open (the rule-chain metadata is free-form). */
const UNDECLARED: Record<string, string[]> = { '/api/ruleChain/metadata': ['ruleChainId'] };

/** Query bodies with a foreign starting point: one per filter shape that names entities. */
function queryVariants(path: string, base: Record<string, unknown>, e: Entity): Record<string, unknown>[] {
  if (ENTITY_QUERIES.includes(path) || path === ALARM_QUERY) {
    const pageLink = { pageSize: 10, page: 0 };
    const q = (entityFilter: unknown) => ({
      entityFilter,
      pageLink,
      entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
    });
    return [
      q({ type: 'singleEntity', singleEntity: ref(e) }),
      q({ type: 'entityList', entityType: e.kind, entityList: [e.id] }),
      q({ type: 'relationsQuery', rootEntity: ref(e), direction: 'FROM', maxLevel: 1, filters: [] }),
    ];
  }
  return [{ ...base, parameters: { ...(base.parameters as object), rootId: e.id, rootType: e.kind } }];
}

export interface ForgedCase extends Case {
  field: string;
}

export function forgedCases(doc: OpenApiDoc, w: IsolationWorld, actors: readonly Actor[]): ForgedCase[] {
  const out: ForgedCase[] = [];
  let n = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    const op = ops.post as
      { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } } | undefined;
    if (!op?.requestBody || path.includes('{')) continue;
    const props = Object.keys(op.requestBody.content?.['application/json']?.schema?.properties ?? {});
    const fields = [...props, ...(UNDECLARED[path] ?? [])].flatMap((name) => {
      const f = fieldOf(path, name);
      return f && f.as !== 'skip' ? [[name, f] as const] : [];
    });
    if (!fields.length) continue;
    const isQuery = ENTITY_QUERIES.includes(path) || path === ALARM_QUERY;
    const base = BASES[path];
    if (!base && !isQuery) throw new UnmappedParam(`add a base body for POST ${path} (isolation/isolation-forged.ts)`);
    const url = path === '/api/user' ? `${path}?sendActivationMail=false` : path;
    const tokenParam = (ops.post as { parameters?: { name: string; in: string }[] }).parameters?.find(
      (p) => p.in === 'query' && /token/i.test(p.name),
    );
    for (const actor of actors) {
      // A device created with another device's access token would take over that device's messages.
      if (tokenParam && base) {
        const token = actor.tenant === 't2' ? w.claimable.t1 : w.claimable.t2;
        const target = w.entities.find((e) => e.kind === 'DEVICE' && e.tenant !== actor.tenant && e.holder === null);
        const forged = `${path}?${tokenParam.name}=${token}`;
        out.push({
          op: `POST ${path}`,
          method: 'POST',
          url: forged,
          body: base(w, actor, ++n),
          actor,
          target,
          mode: 'deny',
          field: `?${tokenParam.name}`,
        });
      }
      // An anonymous visitor changes nothing, even with a body naming only its own entities.
      if (
        actor.key === 'pub' &&
        base &&
        !isQuery &&
        !path.startsWith('/api/relations') &&
        !/^\/api\/(assets|devices|entityViews)$/.test(path)
      ) {
        out.push({
          op: `POST ${path}`,
          method: 'POST',
          url,
          body: base(w, actor, ++n),
          actor,
          target: undefined,
          mode: 'deny',
          field: '(own)',
        });
      }
      for (const [name, f] of fields) {
        if (f.as === 'token') {
          const token = actor.tenant === 't2' ? w.claimable.t1 : w.claimable.t2;
          const body = { ...base!(w, actor, ++n), credentialsId: token };
          const target = w.entities.find((e) => e.kind === 'DEVICE' && e.tenant !== actor.tenant && e.holder === null);
          out.push({ op: `POST ${path}`, method: 'POST', url, body, actor, target, mode: 'deny', field: name });
          continue;
        }
        const kinds = f.as === 'self' ? [f.kind] : f.as === 'query' ? LINKABLE : f.kinds;
        for (const e of w.entities) {
          if (!kinds.includes(e.kind) || !isForeign(actor, e)) continue;
          const body = base ? base(w, actor, ++n) : {};
          const add = (b: unknown, mode: Case['mode']) =>
            out.push({ op: `POST ${path}`, method: 'POST', url, body: b, actor, target: e, mode, field: name });
          if (f.as === 'query') for (const b of queryVariants(path, body, e)) add(b, 'filter');
          else if (f.as === 'owner') {
            const owner = { [name]: name === 'assignedCustomers' ? [{ customerId: ref(e) }] : ref(e) };
            add({ ...body, ...owner }, 'filter');
            // The same on an update of one's own entity: it must not move to the other owner.
            const kind = SELF_KINDS[path];
            if (kind && !NO_SELF_UPDATE.has(path) && actor.authority !== null) {
              add({ ...base!(w, actor, ++n), ...owner, id: ref(ownEntity(w, actor, kind)) }, 'filter');
            }
          } else if (f.as === 'self') add({ ...body, id: ref(e) }, 'deny');
          else add({ ...body, [name]: ref(e) }, 'deny');
        }
      }
    }
  }
  return out;
}
