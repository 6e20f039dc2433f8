// `npm run bench -- devices`: the device table's list call with 10,000 devices in one tenant, and the
// bulk import of 1,000 CSV rows, on the embedded database (PGlite on disk, in a worker), through
// app.inject (no HTTP socket: the figures are the server's). Issue 4 targets: list p95 ≤ 100 ms,
// import ≤ 10 s. Writes bench/results/<date>-devices.json and the "Devices" section of bench/RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { startPglite } from '../apps/server/src/db/pglite.ts';
import { installSystemData, loadDemoData } from '../apps/server/src/demo/install.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { RESULTS_HEADER, upsertSection } from './results-md.ts';

const root = path.resolve(import.meta.dirname, '..');
const DEVICES = 10_000;
const IMPORT_ROWS = 1_000;
const LIST_TARGET_P95_MS = 100;
const IMPORT_TARGET_MS = 10_000;

function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function runDevicesBench(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-bench-devices-'));
  const db = await startPglite({ dataDir });
  try {
    await migrate(db);
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', MQTT_PORT: '0' }),
      webDir: '/nonexistent',
      loginRateLimitPerMinute: 0,
    };
    const app = await buildApp({ db, config, logger: false });
    await app.ready();
    await installSystemData(db, app.services, systemClock);
    await loadDemoData(db, app.services, systemClock);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'tenant@sapo.local', password: 'tenant' },
    });
    const token = (login.json() as { token: string }).token;
    const headers = { 'x-authorization': `Bearer ${token}` };
    const tenantId = (await db.query<{ id: string }>("SELECT id FROM tenant WHERE title = 'Tenant'"))[0]!.id;
    const profileId = (
      await db.query<{ id: string }>('SELECT id FROM device_profile WHERE tenant_id = $1 AND is_default', [tenantId])
    )[0]!.id;
    const customerId = (await db.query<{ id: string }>("SELECT id FROM customer WHERE title = 'Customer A'"))[0]!.id;

    // 10,000 devices straight through SQL: names "Device 00001"…, labels in random order (so the
    // label sort is not the name order), every tenth device assigned to Customer A, each with a token.
    const seedStart = performance.now();
    await db.query(
      `INSERT INTO device (id, created_time, tenant_id, customer_id, device_profile_id, name, type, label, device_data, additional_info)
       SELECT gen_random_uuid(), $1::bigint + g, $2, CASE WHEN g % 10 = 0 THEN $3::uuid END, $4, 'Device ' || lpad(g::text, 5, '0'),
              'default', 'Label ' || md5(g::text),
              '{"configuration":{"type":"DEFAULT"},"transportConfiguration":{"type":"DEFAULT"}}', '{}'
       FROM generate_series(1, ${DEVICES}) AS g`,
      [Date.now(), tenantId, customerId, profileId],
    );
    await db.query(
      `INSERT INTO device_credentials (id, created_time, device_id, credentials_type, credentials_id)
       SELECT gen_random_uuid(), created_time, id, 'ACCESS_TOKEN', substr(md5(id::text), 1, 20) FROM device`,
    );
    await db.query('ANALYZE');
    const seedMs = Math.round(performance.now() - seedStart);

    const list = async (query: string, page = 0, n = 200) => {
      const url = `/api/tenant/deviceInfos?pageSize=50&page=${page}&sortProperty=label&sortOrder=ASC${query}`;
      const first = await app.inject({ method: 'GET', url, headers });
      if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
      const total = (first.json() as { totalElements: number }).totalElements;
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        times.push(performance.now() - t0);
      }
      return { total, p50: +pct(times, 50).toFixed(2), p95: +pct(times, 95).toFixed(2) };
    };
    const lists = {
      // The case: a prefix search sorted by label. "device 0" matches 9,999 of 10,000 rows
      // (the worst case: almost everything is sorted), "device 012" matches 100.
      broadPrefix: await list('&textSearch=device%200'),
      narrowPrefix: await list('&textSearch=device%20012'),
      noSearch: await list(''),
      lastPage: await list('&textSearch=device', 199),
    };

    const lines = ['name,type,label,floor'];
    for (let i = 0; i < IMPORT_ROWS; i++) lines.push(`Imported ${i},meter,Row ${i},${i % 20}`);
    const importStart = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/device/bulk_import',
      headers,
      payload: {
        file: lines.join('\n'),
        mapping: {
          columns: [{ type: 'NAME' }, { type: 'TYPE' }, { type: 'LABEL' }, { type: 'SHARED_ATTRIBUTE', key: 'floor' }],
          delimiter: ',',
          update: false,
          header: true,
        },
      },
    });
    const importMs = Math.round(performance.now() - importStart);
    const imported = res.json() as { created: number; errors: number };
    if (res.statusCode !== 200 || imported.created !== IMPORT_ROWS)
      throw new Error(`import failed: ${res.body.slice(0, 300)}`);
    await app.close();

    const worstP95 = Math.max(...Object.values(lists).map((l) => l.p95));
    const pass = worstP95 <= LIST_TARGET_P95_MS && importMs <= IMPORT_TARGET_MS;
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      devices: DEVICES,
      seedMs,
      lists,
      importMs,
      pass,
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results', `${results.date}-devices.json`.replace(/:/g, '-')),
      JSON.stringify(results, null, 2),
    );
    const row = (label: string, l: { total: number; p50: number; p95: number }) =>
      `| ${label} (${l.total.toLocaleString('en-US')} matches) | ${l.p50} / ${l.p95} ms | ≤ ${LIST_TARGET_P95_MS} ms p95 |`;
    const table = [
      '| measure | value | target |',
      '|---|---|---|',
      row('device infos, page 50, sorted by label, prefix "device 0"', lists.broadPrefix),
      row('device infos, page 50, sorted by label, prefix "device 012"', lists.narrowPrefix),
      row('device infos, page 50, sorted by label, no search', lists.noSearch),
      row('device infos, last page (200) of 50, sorted by label, prefix "device"', lists.lastPage),
      `| bulk import of ${IMPORT_ROWS.toLocaleString('en-US')} CSV rows (name, type, label, shared attribute) | ${importMs} ms | ≤ ${IMPORT_TARGET_MS} ms |`,
    ].join('\n');
    console.log(table);
    const md = path.join(root, 'bench/RESULTS.md');
    const current = fs.existsSync(md) ? fs.readFileSync(md, 'utf8') : RESULTS_HEADER;
    const heading = `Devices (issue 4): list and import with ${DEVICES.toLocaleString('en-US')} devices — ${results.date} (Node ${process.version})`;
    const intro = `In-process (\`app.inject\`), embedded database on disk; ${DEVICES.toLocaleString('en-US')} devices seeded through SQL (random label order, every tenth assigned to a customer). p50 / p95 over 200 calls each.${pass ? '' : ' **Over target.**'}`;
    fs.writeFileSync(md, upsertSection(current, 'Devices', heading, `${intro}\n\n${table}`));
    return pass;
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
