import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitHealthy, type ServerProcess } from '../test/server-process.ts';
import { scaled } from '../test/timeouts.ts';

type Server = ServerProcess;
const start = (dataDir: string, port: number): Server => spawnServer(dataDir, port);

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'sysadmin@sapo.local', password: 'sysadmin' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-durable-'));
  const started: Server[] = [];
  let port = 0;
  let tenantId = '';

  afterAll(async () => {
    for (const s of started) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exit));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts, refuses a second server on the same DATA_DIR, and stores a tenant',
    async () => {
      port = await freePort();
      const first = start(dataDir, port);
      started.push(first);
      await waitHealthy(port, first);
      expect(fs.existsSync(path.join(dataDir, 'sapo.lock'))).toBe(true);

      const second = start(dataDir, await freePort());
      started.push(second);
      const code = await within(second.exit, scaled(20_000), 'second server exit');
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(second.stderr()).toContain(`in use by process ${first.proc.pid}`);
      // The first one is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      const token = await login(port);
      const res = await fetch(`http://127.0.0.1:${port}/api/tenant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` },
        body: JSON.stringify({ title: 'Survives a crash' }),
      });
      expect(res.status).toBe(200);
      tenantId = ((await res.json()) as { id: { id: string } }).id.id;

      first.proc.kill('SIGKILL');
      expect(await within(first.exit, scaled(20_000), 'kill -9')).toBeNull();
    },
    scaled(90_000),
  );

  it(
    'comes back after kill -9 with the tenant, then shuts down cleanly on SIGTERM',
    async () => {
      expect(tenantId).not.toBe('');
      // The crashed process left its lock behind; the new one takes it over.
      expect(fs.existsSync(path.join(dataDir, 'sapo.lock'))).toBe(true);
      const again = start(dataDir, port);
      started.push(again);
      await waitHealthy(port, again);
      const token = await login(port);
      const res = await fetch(`http://127.0.0.1:${port}/api/tenant/${tenantId}`, {
        headers: { 'x-authorization': `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('Survives a crash');
      // Demo data is not loaded a second time.
      const list = await fetch(`http://127.0.0.1:${port}/api/tenants?pageSize=100&page=0&textSearch=Tenant`, {
        headers: { 'x-authorization': `Bearer ${token}` },
      });
      expect(((await list.json()) as { totalElements: number }).totalElements).toBe(1);

      again.proc.kill('SIGTERM');
      expect(await within(again.exit, scaled(20_000), 'SIGTERM shutdown')).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'sapo.lock'))).toBe(false);
    },
    scaled(90_000),
  );
});
