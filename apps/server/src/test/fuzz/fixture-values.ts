import type { TestApp } from '../test-app.ts';

/** Signed-in callers of the HTTP fuzzer, with what must survive the run. */
export interface Callers {
  tokens: { sysadmin: string; tenant: string; customer: string };
  /** Ids whose loss would end the run: the signed-in users, their tenant and customer. */
  protectedIds: Set<string>;
}

const DEMO = [
  ['sysadmin', 'sysadmin@sapo.local', 'sysadmin'],
  ['tenant', 'tenant@sapo.local', 'tenant'],
  ['customer', 'customer@sapo.local', 'customer'],
] as const;

export async function signIn(t: TestApp): Promise<Callers> {
  const tokens = await t.demoTokens();
  const protectedIds = new Set<string>();
  for (const token of Object.values(tokens)) {
    const me = (await t.request('GET', '/api/auth/user', { token })).json();
    for (const id of [me.id?.id, me.tenantId?.id, me.customerId?.id]) if (typeof id === 'string') protectedIds.add(id);
  }
  protectedIds.delete('13814000-1dd2-11b2-8080-808080808080');
  return { tokens, protectedIds };
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
export async function fixtureValues(t: TestApp, protectedIds: Set<string>) {
  const ids: string[] = [];
  for (const table of ID_TABLES) {
    const rows = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} ORDER BY id LIMIT 4`);
    ids.push(...rows.map((r) => r.id).filter((id) => !protectedIds.has(id)));
  }
  const text = async (sql: string) => (await t.db.query<{ v: string }>(sql)).map((r) => r.v);
  const strings = [
    ...(await text('SELECT DISTINCT name AS v FROM device ORDER BY 1 LIMIT 3')),
    ...(await text('SELECT DISTINCT type AS v FROM device ORDER BY 1 LIMIT 3')),
    ...(await text('SELECT DISTINCT type AS v FROM asset ORDER BY 1 LIMIT 2')),
    ...(await text('SELECT credentials_id AS v FROM device_credentials ORDER BY 1 LIMIT 3')),
    ...(await text('SELECT alias AS v FROM widgets_bundle ORDER BY 1 LIMIT 2')),
    ...(await text(
      `SELECT email AS v FROM tb_user WHERE email NOT IN ('sysadmin@sapo.local','tenant@sapo.local','customer@sapo.local') ORDER BY 1 LIMIT 2`,
    )),
    ...['DEVICE', 'ASSET', 'CUSTOMER', 'TENANT', 'DASHBOARD', 'ENTITY_VIEW', 'USER', 'RULE_CHAIN', 'ALARM'],
    ...['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE', 'ANY', 'ACTIVE', 'CRITICAL', 'temperature', 'humidity'],
    ...['Contains', 'Manages', 'COMMON', 'FROM', 'TO', 'general', 'mail', 'DEBUG_RULE_NODE', 'STATS', 'ERROR'],
  ];
  return { ids, strings };
}
