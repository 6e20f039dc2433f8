import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../test/test-app.ts';

/**
 * The fixture world of the isolation matrix: two tenants built the same way, each with customers
 * A and B, a Public customer and tenant-level entities of every kind the API names by id.
 */
export type TenantKey = 't1' | 't2';
/** Who inside a tenant owns an entity: customer A, B, the Public customer, or the tenant itself. */
export type Holder = 'A' | 'B' | 'P' | null;
export type Kind =
  | 'TENANT'
  | 'CUSTOMER'
  | 'USER'
  | 'DEVICE'
  | 'ASSET'
  | 'ENTITY_VIEW'
  | 'DASHBOARD'
  | 'ALARM'
  | 'RULE_CHAIN'
  | 'RULE_NODE'
  | 'DEVICE_PROFILE'
  | 'WIDGETS_BUNDLE'
  | 'WIDGET_TYPE';

export interface Entity {
  kind: Kind;
  id: string;
  /** null: a system-level entity (the system administrator). */
  tenant: TenantKey | null;
  holder: Holder;
  /** What calls that look entities up by name use: a device's name, a customer's title, an alias. */
  name: string;
  label: string;
}

export type ActorKey = 'sys' | 't1' | 't2' | 'tu2' | 'cA' | 'cB' | 'pub' | 'anon';
export interface Actor {
  key: ActorKey;
  token: string | undefined;
  tenant: TenantKey | null;
  holder: Holder;
  authority: 'SYS_ADMIN' | 'TENANT_ADMIN' | 'TENANT_USER' | 'CUSTOMER_USER' | null;
}

export interface IsolationWorld {
  actors: Record<ActorKey, Actor>;
  entities: Entity[];
  tenantIds: Record<TenantKey, string>;
  /** The access token of each tenant's unassigned device (it has a pending claim, secret "s3cret"). */
  claimable: Record<TenantKey, string>;
}

export const CLAIM_SECRET = 's3cret';
const PASSWORD = 'Secret123!';

async function ok(res: Promise<LightMyRequestResponse>, what: string) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`fixture ${what}: ${r.statusCode} ${r.body}`);
  return r.body ? r.json() : undefined;
}

const ref = (entityType: string, id: string) => ({ entityType, id });

/** Builds one tenant's entities through the API as its administrator; returns them and its logins. */
async function buildTenant(t: TestApp, sys: string, tag: TenantKey) {
  const entities: Entity[] = [];
  const add = (kind: Kind, id: string, holder: Holder, name = '') =>
    entities.push({ kind, id, tenant: tag, holder, name, label: `${tag}:${kind}:${holder ?? 'T'}` });
  const tenant = await ok(t.request('POST', '/api/tenant', { token: sys, body: { title: `Iso ${tag}` } }), 'tenant');
  add('TENANT', tenant.id.id, null);
  const admin = await ok(
    t.request('POST', `/api/user?sendActivationMail=false&password=${PASSWORD}`, {
      token: sys,
      body: { email: `${tag}-admin@iso.test`, authority: 'TENANT_ADMIN', tenantId: ref('TENANT', tenant.id.id) },
    }),
    'tenant admin',
  );
  add('USER', admin.id.id, null);
  const token = await t.login(`${tag}-admin@iso.test`, PASSWORD);
  const req = (method: string, url: string, body?: unknown) => ok(t.request(method, url, { token, body }), url);
  // A tenant user (this server's role beyond ThingsBoard: reads the tenant, edits its devices).
  const tenantUser = await req('POST', `/api/user?sendActivationMail=false&password=${PASSWORD}`, {
    email: `${tag}-user@iso.test`,
    authority: 'TENANT_USER',
  });
  add('USER', tenantUser.id.id, null);

  const customers: Record<'A' | 'B', string> = { A: '', B: '' };
  for (const c of ['A', 'B'] as const) {
    customers[c] = (await req('POST', '/api/customer', { title: `${tag} customer ${c}` })).id.id;
    add('CUSTOMER', customers[c], c, `${tag} customer ${c}`);
    const user = await req('POST', `/api/user?sendActivationMail=false&password=${PASSWORD}`, {
      email: `${tag}-${c}@iso.test`,
      authority: 'CUSTOMER_USER',
      customerId: ref('CUSTOMER', customers[c]),
    });
    add('USER', user.id.id, c);
  }
  // Gives an entity to its holder: a customer, the Public customer, or nobody.
  const assign = async (kind: string, id: string, holder: Holder) => {
    if (holder === 'A' || holder === 'B') await req('POST', `/api/customer/${customers[holder]}/${kind}/${id}`);
    if (holder === 'P') return req('POST', `/api/customer/public/${kind}/${id}`);
    return undefined;
  };
  let publicCustomer = '';
  let claimable = '';
  for (const holder of ['A', 'B', 'P', null] as const) {
    const h = holder ?? 'T';
    const name = `${tag} device ${h}`;
    const device = await req('POST', '/api/device', { name, type: 'default' });
    const made = await assign('device', device.id.id, holder);
    if (holder === 'P') publicCustomer = made.customerId.id;
    add('DEVICE', device.id.id, holder, name);
    await req('POST', `/api/plugins/telemetry/DEVICE/${device.id.id}/timeseries/ANY`, { temperature: 21.5 });
    await req('POST', `/api/plugins/telemetry/DEVICE/${device.id.id}/SERVER_SCOPE`, { threshold: 30 });
    const asset = await req('POST', '/api/asset', { name: `${tag} asset ${h}`, type: 'building' });
    await assign('asset', asset.id.id, holder);
    add('ASSET', asset.id.id, holder);
    await req('POST', '/api/relation', {
      from: ref('ASSET', asset.id.id),
      to: ref('DEVICE', device.id.id),
      type: 'Contains',
    });
    const view = await req('POST', '/api/entityView', {
      name: `${tag} view ${h}`,
      type: 'panel',
      entityId: ref('DEVICE', device.id.id),
      keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['threshold'], sh: [] } },
    });
    await assign('entityView', view.id.id, holder);
    add('ENTITY_VIEW', view.id.id, holder);
    const dashboard = await req('POST', '/api/dashboard', { title: `${tag} dashboard ${h}` });
    await assign('dashboard', dashboard.id.id, holder);
    add('DASHBOARD', dashboard.id.id, holder);
    const alarm = await req('POST', '/api/alarm', {
      type: 'High temperature',
      originator: ref('DEVICE', device.id.id),
      severity: 'CRITICAL',
    });
    add('ALARM', alarm.id.id, holder);
    if (holder === null) {
      const credentials = await req('GET', `/api/device/${device.id.id}/credentials`);
      claimable = credentials.credentialsId;
      const claim = { secretKey: CLAIM_SECRET, durationMs: 3_600_000 };
      await ok(t.app.inject({ method: 'POST', url: `/api/v1/${claimable}/claim`, payload: claim }), 'claim');
    }
  }
  add('CUSTOMER', publicCustomer, 'P', 'Public');

  const chain = await req('POST', '/api/ruleChain', { name: `${tag} chain` });
  add('RULE_CHAIN', chain.id.id, null);
  const roots = await req('GET', '/api/ruleChains?pageSize=10&page=0');
  const root = roots.data.find((c: { root: boolean }) => c.root);
  add('RULE_CHAIN', root.id.id, null);
  const meta = await req('GET', `/api/ruleChain/${root.id.id}/metadata`);
  add('RULE_NODE', meta.nodes[0].id.id, null);
  const profile = await req('POST', '/api/deviceProfile', { name: `${tag} profile` });
  add('DEVICE_PROFILE', profile.id.id, null);
  const bundle = await req('POST', '/api/widgetsBundle', { title: `${tag} widgets` });
  add('WIDGETS_BUNDLE', bundle.id.id, null, bundle.alias);
  const widget = await req('POST', '/api/widgetType', {
    bundleAlias: bundle.alias,
    name: `${tag} gauge`,
    descriptor: { type: 'latest', sizeX: 4, sizeY: 3, settingsSchema: {}, defaultConfig: '{}' },
  });
  add('WIDGET_TYPE', widget.id.id, null, widget.alias);
  return { entities, token, tenantId: tenant.id.id as string, publicCustomer, claimable };
}

export async function buildWorld(t: TestApp): Promise<IsolationWorld> {
  const { sysadmin } = await t.demoTokens();
  const [w1, w2] = [await buildTenant(t, sysadmin, 't1'), await buildTenant(t, sysadmin, 't2')];
  const sysUser = await ok(t.request('GET', '/api/auth/user', { token: sysadmin }), 'sysadmin');
  const pub = await ok(
    t.request('POST', '/api/auth/login/public', { body: { publicId: w1.publicCustomer } }),
    'public login',
  );
  const authorities: Record<ActorKey, Actor['authority']> = {
    sys: 'SYS_ADMIN',
    t1: 'TENANT_ADMIN',
    t2: 'TENANT_ADMIN',
    tu2: 'TENANT_USER',
    cA: 'CUSTOMER_USER',
    cB: 'CUSTOMER_USER',
    pub: 'CUSTOMER_USER',
    anon: null,
  };
  const actor = (key: ActorKey, token: string | undefined, tenant: TenantKey | null, holder: Holder) => ({
    key,
    token,
    tenant,
    holder,
    authority: authorities[key],
  });
  return {
    actors: {
      sys: actor('sys', sysadmin, null, null),
      t1: actor('t1', w1.token, 't1', null),
      t2: actor('t2', w2.token, 't2', null),
      tu2: actor('tu2', await t.login('t2-user@iso.test', PASSWORD), 't2', null),
      cA: actor('cA', await t.login('t1-A@iso.test', PASSWORD), 't1', 'A'),
      cB: actor('cB', await t.login('t1-B@iso.test', PASSWORD), 't1', 'B'),
      pub: actor('pub', pub.token, 't1', 'P'),
      anon: actor('anon', undefined, null, null),
    },
    entities: [
      ...w1.entities,
      ...w2.entities,
      { kind: 'USER', id: sysUser.id.id, tenant: null, holder: null, name: '', label: 'system:USER' },
    ],
    tenantIds: { t1: w1.tenantId, t2: w2.tenantId },
    claimable: { t1: w1.claimable, t2: w2.claimable },
  };
}
