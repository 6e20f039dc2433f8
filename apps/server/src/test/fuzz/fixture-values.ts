import type { TestApp } from '../test-app.ts';

/** Signed-in callers of the HTTP fuzzer, with what must survive the run. */
export interface Callers {
  tokens: { sysadmin: string; tenant: string; customer: string };
  /** Ids whose loss would end the run: the signed-in users, their tenant and customer. */
  protectedIds: Set<string>;
  /** The signed-in tenant admin's tenant, and the signed-in customer user's customer. */
  tenantId: string;
  customerId: string;
}

const DEMO = [
  ['sysadmin', 'sysadmin@sapo.local', 'sysadmin'],
  ['tenant', 'tenant@sapo.local', 'tenant'],
  ['customer', 'customer@sapo.local', 'customer'],
] as const;

export async function signIn(t: TestApp): Promise<Callers> {
  const tokens = await t.demoTokens();
  const protectedIds = new Set<string>();
  let tenantId = '';
  let customerId = '';
  for (const [role, token] of Object.entries(tokens)) {
    const me = (await t.request('GET', '/api/auth/user', { token })).json();
    for (const id of [me.id?.id, me.tenantId?.id, me.customerId?.id]) if (typeof id === 'string') protectedIds.add(id);
    if (role === 'tenant') tenantId = me.tenantId.id;
    if (role === 'customer') customerId = me.customerId.id;
  }
  protectedIds.delete('13814000-1dd2-11b2-8080-808080808080');
  return { tokens, protectedIds, tenantId, customerId };
}

/** Fresh sessions of the three demo users (for operations that end the session they run in). */
export async function freshTokens(t: TestApp): Promise<Callers['tokens']> {
  const out: Record<string, string> = {};
  for (const [role, email, password] of DEMO) out[role] = await t.login(email, password);
  return out as Callers['tokens'];
}

const ID_TABLES = [
  'tenant',
  'tenant_profile',
  'customer',
  'tb_user',
  'device_profile',
  'device',
  'asset',
  'entity_view',
  'alarm',
  'rule_chain',
  'rule_node',
  'dashboard',
  'widgets_bundle',
  'widget_type',
];

/**
 * Ids and strings that exist in the fixture, so generated requests reach past "not found": a few ids
 * of every entity table (of every tenant, for cross-tenant attempts), names, types, device tokens, and
 * the words paths expect (entity types, scopes). The signed-in users' own ids and e-mails stay out.
 */
export async function fixtureValues(t: TestApp, protectedIds: Set<string>, tenantId: string) {
  const ids: Record<string, string[]> = {};
  const hasTenant = new Set(
    (
      await t.db.query<{ t: string }>(
        `SELECT table_name AS t FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema()`,
      )
    ).map((r) => r.t),
  );
  for (const table of ID_TABLES) {
    // Mostly the signed-in tenant's (to get past "not found"), one of another tenant or the system.
    const mine = hasTenant.has(table) ? `tenant_id = '${tenantId}' DESC,` : '';
    const rows = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} ORDER BY ${mine} id LIMIT 5`);
    ids[table.replace(/^tb_/, '').replace(/_/g, '')] = rows.map((r) => r.id).filter((id) => !protectedIds.has(id));
  }
  // `entityId` next to an `entityType`: mostly devices and assets, which have telemetry and relations.
  ids.entity = [...(ids.device ?? []), ...(ids.asset ?? [])];
  const text = async (sql: string) => (await t.db.query<{ v: string }>(sql)).map((r) => r.v);
  const tokens = await text(
    `SELECT credentials_id AS v FROM device_credentials WHERE credentials_type = 'ACCESS_TOKEN' LIMIT 3`,
  );
  const strings = [
    ...(await text('SELECT DISTINCT name AS v FROM device ORDER BY 1 LIMIT 3')),
    ...(await text('SELECT DISTINCT type AS v FROM device ORDER BY 1 LIMIT 3')),
    ...(await text('SELECT DISTINCT type AS v FROM asset ORDER BY 1 LIMIT 2')),
    ...tokens,
    ...(await text('SELECT alias AS v FROM widgets_bundle ORDER BY 1 LIMIT 2')),
    ...(await text(
      `SELECT email AS v FROM tb_user WHERE email NOT IN ('sysadmin@sapo.local','tenant@sapo.local','customer@sapo.local') ORDER BY 1 LIMIT 2`,
    )),
    ...['DEVICE', 'ASSET', 'CUSTOMER', 'TENANT', 'DASHBOARD', 'ENTITY_VIEW', 'USER', 'RULE_CHAIN', 'ALARM'],
    ...['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE', 'ANY', 'ACTIVE', 'CRITICAL', 'temperature', 'humidity'],
    ...['Contains', 'Manages', 'COMMON', 'FROM', 'TO', 'general', 'mail', 'DEBUG_RULE_NODE', 'STATS', 'ERROR'],
  ];
  const entityTypes = ['DEVICE', 'ASSET', 'CUSTOMER', 'TENANT', 'DASHBOARD', 'ENTITY_VIEW', 'USER'];
  // Parameters the schemas type as free strings but the services check against a list.
  const named = {
    sortorder: ['ASC', 'DESC'],
    sortproperty: ['createdTime', 'name', 'title', 'email', 'type', 'label'],
    entitytype: entityTypes,
    scope: ['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE', 'ANY'],
    keys: ['temperature', 'temperature,humidity', 'firmware,interval'],
    agg: ['NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT'],
    eventtype: ['DEBUG_RULE_NODE', 'LC_EVENT', 'STATS', 'ERROR'],
    componenttype: ['FILTER', 'ENRICHMENT', 'TRANSFORMATION', 'ACTION', 'EXTERNAL'],
    componenttypes: ['FILTER,ACTION'],
    searchstatus: ['ANY', 'ACTIVE', 'CLEARED', 'ACK', 'UNACK'],
    status: ['ACTIVE_UNACK', 'CLEARED_ACK'],
    relationtypegroup: ['COMMON'],
    relationtype: ['Contains', 'Manages'],
    deviceids: [...(ids.device ?? []), (ids.device ?? []).join(',')],
    assetids: [...(ids.asset ?? []), (ids.asset ?? []).join(',')],
    token: tokens,
    bundlealias: strings.slice(0, 2),
    issystem: ['true', 'false'],
  };
  const entities = {
    DEVICE: ids.device ?? [],
    ASSET: ids.asset ?? [],
    ENTITY_VIEW: ids.entityview ?? [],
    CUSTOMER: ids.customer ?? [],
    DASHBOARD: ids.dashboard ?? [],
    USER: ids.user ?? [],
    TENANT: [tenantId],
  };
  return { ids, strings, named, entities };
}

/**
 * Entities for the fuzzer to find (the test template holds only tenants, customers and users): devices
 * with telemetry and attributes, one shared with the customer, an asset containing it, an entity view,
 * a dashboard, an alarm, and a second tenant to reach across.
 */
export async function populate(t: TestApp, callers: Callers): Promise<void> {
  const { customerId } = callers;
  const call = async (method: string, url: string, body?: unknown, token = callers.tokens.tenant) => {
    const res = await t.request(method, url, { token, body });
    if (res.statusCode !== 200) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.body ? res.json() : undefined;
  };
  const devices = [];
  for (const name of ['Fuzz thermostat', 'Fuzz meter', 'Fuzz gateway']) {
    devices.push((await call('POST', '/api/device', { name, type: 'thermostat' })).id.id as string);
  }
  const [device, second] = devices as [string, string];
  await call('POST', `/api/customer/${customerId}/device/${device}`);
  await call('POST', `/api/plugins/telemetry/DEVICE/${device}/timeseries/ANY`, { temperature: 21.5, humidity: 40 });
  await call('POST', `/api/plugins/telemetry/DEVICE/${device}/attributes/SERVER_SCOPE`, { firmware: '1.0' });
  await call('POST', `/api/plugins/telemetry/DEVICE/${second}/attributes/SHARED_SCOPE`, { interval: 30 });
  const asset = (await call('POST', '/api/asset', { name: 'Fuzz building', type: 'building' })).id.id;
  await call('POST', `/api/customer/${customerId}/asset/${asset}`);
  await call('POST', '/api/relation', {
    from: { entityType: 'ASSET', id: asset },
    to: { entityType: 'DEVICE', id: device },
    type: 'Contains',
    typeGroup: 'COMMON',
  });
  await call('POST', '/api/entityView', {
    name: 'Fuzz view',
    type: 'view',
    entityId: { entityType: 'DEVICE', id: device },
    keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['firmware'], sh: [] } },
  });
  const dashboard = (await call('POST', '/api/dashboard', { title: 'Fuzz dashboard' })).id.id;
  await call('POST', `/api/customer/${customerId}/dashboard/${dashboard}`);
  await call('POST', '/api/alarm', {
    originator: { entityType: 'DEVICE', id: device },
    type: 'High temperature',
    severity: 'CRITICAL',
  });
  const other = (await call('POST', '/api/tenant', { title: 'Fuzz other tenant' }, callers.tokens.sysadmin)).id.id;
  await call(
    'POST',
    '/api/user?sendActivationMail=false&password=Secret123!',
    { email: 'fuzz-other@sapo.local', authority: 'TENANT_ADMIN', tenantId: { entityType: 'TENANT', id: other } },
    callers.tokens.sysadmin,
  );
  const otherToken = await t.login('fuzz-other@sapo.local', 'Secret123!');
  await call('POST', '/api/device', { name: 'Other tenant device', type: 'thermostat' }, otherToken);
}
