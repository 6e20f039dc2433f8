// `npm run bench`: measures startup to healthy (fresh and existing DATA_DIR) and sign-in / API latency
// against a real server process, then writes bench/results/<date>.json and the table in bench/RESULTS.md;
// then the device list and import (devices.ts), then MQTT ingestion (ingest.ts), the rule engine on the
// same harness plus the script sandbox's cost per call (rules.ts), long-range telemetry queries
// (telemetry-query.ts), then the web bundle budget (bundle-size.ts). `npm run bench -- api`,
// `-- devices`, `-- ingest`, `-- rules`, `-- query`, `-- bundle` or `-- dashboard` (20 widgets in Chromium)
// runs one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runBundleBench } from './bundle-size.ts';
import { runDashboardBench } from './dashboard-render.ts';
import { runDevicesBench } from './devices.ts';
import { runIngestBench } from './ingest.ts';
import { runRulesBench } from './rules.ts';
import { runTelemetryQueryBench } from './telemetry-query.ts';
import { serverNodeArgs } from '../scripts/server-command.mjs';
import { RESULTS_HEADER, upsertSection } from './results-md.ts';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<{ proc: ChildProcess; ms: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const proc = spawn(process.execPath, serverNodeArgs(), {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return { proc, ms: performance.now() - t0 };
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stop(proc: ChildProcess) {
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await done;
}

function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function timed(n: number, fn: () => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`request failed: ${res.status}`);
    times.push(performance.now() - t0);
  }
  return { n, p50: +pct(times, 50).toFixed(2), p95: +pct(times, 95).toFixed(2) };
}

async function runApiBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-bench-'));
  const port = await freePort();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
  };

  const first = await startServer(dataDir, port);
  results.startFreshMs = Math.round(first.ms);
  const base = `http://127.0.0.1:${port}`;
  const post = (url: string, body: unknown, token?: string) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  results.loginMs = await timed(20, () =>
    post('/api/auth/login', { username: 'tenant@sapo.local', password: 'tenant' }),
  );
  const { token } = (await (
    await post('/api/auth/login', { username: 'tenant@sapo.local', password: 'tenant' })
  ).json()) as { token: string };
  const get = (url: string) => fetch(base + url, { headers: { 'x-authorization': `Bearer ${token}` } });
  results.authUserMs = await timed(200, () => get('/api/auth/user'));
  results.customersPageMs = await timed(200, () =>
    get('/api/customers?pageSize=10&page=0&sortProperty=title&sortOrder=ASC'),
  );
  await stop(first.proc);

  const second = await startServer(dataDir, port);
  results.startExistingMs = Math.round(second.ms);
  await stop(second.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });

  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results', `${results.date as string}.json`.replace(/:/g, '-')),
    JSON.stringify(results, null, 2),
  );
  const l = results.loginMs as { p50: number; p95: number };
  const u = results.authUserMs as { p50: number; p95: number };
  const c = results.customersPageMs as { p50: number; p95: number };
  const table = [
    '| measure | value |',
    '|---|---|',
    `| start to healthy, fresh DATA_DIR (initdb + migrations + demo data) | ${results.startFreshMs as number} ms |`,
    `| start to healthy, existing DATA_DIR | ${results.startExistingMs as number} ms |`,
    `| POST /api/auth/login (bcrypt cost 10), p50 / p95 | ${l.p50} / ${l.p95} ms |`,
    `| GET /api/auth/user, p50 / p95 | ${u.p50} / ${u.p95} ms |`,
    `| GET /api/customers page, p50 / p95 | ${c.p50} / ${c.p95} ms |`,
  ].join('\n');
  console.log(table);
  const md = path.join(root, 'bench/RESULTS.md');
  const current = fs.existsSync(md) ? fs.readFileSync(md, 'utf8') : RESULTS_HEADER;
  const heading = `Foundation: startup and API latency — ${results.date as string} (Node ${process.version})`;
  fs.writeFileSync(md, upsertSection(current, 'Foundation', heading, table));
}

async function main() {
  const only = process.argv[2];
  const known = ['api', 'bundle', 'devices', 'ingest', 'rules', 'query', 'dashboard'];
  if (only && !known.includes(only)) {
    throw new Error(`unknown bench '${only}' (${known.join(' | ')})`);
  }
  if (!only || only === 'api') await runApiBench();
  if (!only || only === 'devices') {
    if (!(await runDevicesBench())) process.exitCode = 1; // over target
  }
  if (!only || only === 'ingest') {
    if (!(await runIngestBench())) process.exitCode = 1; // a target missed or a message lost
  }
  if (!only || only === 'rules') {
    if (!(await runRulesBench())) process.exitCode = 1; // a rule-engine target missed
  }
  if ((!only || only === 'query') && !(await runTelemetryQueryBench())) process.exitCode = 1; // over target
  if ((!only || only === 'bundle') && !(await runBundleBench())) process.exitCode = 1; // over budget
  if ((!only || only === 'dashboard') && !(await runDashboardBench())) process.exitCode = 1; // over target
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
