import type { TestApp } from '../test/test-app.ts';
import type { Case } from './isolation-cases.ts';
import { isForeign } from './isolation-model.ts';
import type { Actor, IsolationWorld } from './isolation-world.ts';

export interface Outcome {
  c: Case;
  status: number;
  body: string;
}

/** Runs the cases a few at a time (the embedded database serves one query at a time anyway). */
export async function runCases(t: TestApp, cases: readonly Case[], concurrency = 8): Promise<Outcome[]> {
  const out: Outcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const res = await t.request(c.method, c.url, { token: c.actor.token, body: c.body });
      out[i] = { c, status: res.statusCode, body: res.body };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

/**
 * Tables whose rows change by merely being asked (sign-ins, audit trail, usage counters) or by
 * background work (rollups of telemetry already stored, whose source table is compared).
 */
const VOLATILE = new Set([
  'audit_log',
  'auth_session',
  'refresh_token',
  'event',
  'api_usage',
  'installation',
  'ts_kv_1m',
  'ts_rollup_state',
]);

/** A digest of every table's rows: a refused call must leave all of them as they were. */
export async function digestTables(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    if (VOLATILE.has(name)) continue;
    const rows = await t.db.query<{ d: string | null }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${name}" x`,
    );
    digest[name] = rows[0]?.d ?? '';
  }
  return digest;
}

/** The ids of everything foreign to the actor, to look for in answers that were let through. */
export function foreignIds(w: IsolationWorld, actor: Actor): string[] {
  return w.entities.filter((e) => isForeign(actor, e)).map((e) => e.id);
}

/** Calls that answer on another owner's entity by design, with the reason. */
export const ALLOWED: readonly { actor: string; op: string; kind: string; why: string }[] = [
  {
    actor: 'sys',
    op: 'GET /api/dashboard/info/{dashboardId}',
    kind: 'DASHBOARD',
    why: "ThingsBoard 3.2's system administrator reads every tenant's dashboards (SysAdminPermissions: DASHBOARD READ)",
  },
];

const PERMISSION = "You don't have permission to perform this operation!";

/** What is wrong with an outcome, or undefined when it is a proper refusal (or a harmless filter). */
export function problemOf(o: Outcome, w: IsolationWorld): string | undefined {
  const { c, status, body } = o;
  if (status >= 500) return `${status} server error: ${body.slice(0, 200)}`;
  if (c.actor.authority === null) return status === 401 ? undefined : `${status} without a token (expected 401)`;
  if (status >= 200 && status < 300) {
    const allowed = ALLOWED.find((a) => a.actor === c.actor.key && a.op === c.op && a.kind === c.target?.kind);
    if (allowed) return undefined;
    if (c.mode === 'deny') return `${status} on a foreign id: ${body.slice(0, 200)}`;
    const leaked = foreignIds(w, c.actor).filter((id) => body.includes(id));
    return leaked.length ? `${status} revealing ${leaked.length} foreign id(s): ${body.slice(0, 200)}` : undefined;
  }
  // ThingsBoard's answer to claiming a device someone of the tenant already holds (nothing changes).
  if (status === 400 && body === '"CLAIMED"' && c.op.endsWith('/claim') && c.target?.tenant === c.actor.tenant)
    return undefined;
  if (status === 400 && c.mode === 'filter') return undefined;
  if (status === 403 || status === 404) {
    let json: { status?: number; errorCode?: number; message?: string };
    try {
      json = JSON.parse(body);
    } catch {
      return `${status} without ThingsBoard's error body: ${body.slice(0, 200)}`;
    }
    if (status === 403 && (json.errorCode !== 20 || json.message !== PERMISSION))
      return `403 with body ${body.slice(0, 200)}`;
    if (status === 404 && json.errorCode !== 32) return `404 with body ${body.slice(0, 200)}`;
    return undefined;
  }
  return `${status} (expected 403 or 404): ${body.slice(0, 200)}`;
}
