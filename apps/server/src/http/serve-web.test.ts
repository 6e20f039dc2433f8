import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const res = await t.request('GET', '/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has unhashed files and the app page revalidated on every visit', async () => {
    const icon = await t.request('GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    const page = await t.request('GET', '/dashboards/some-id');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the JSON 404 for unknown API paths and never serves files outside the app folder', async () => {
    const api = await t.request('GET', '/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
    const escape = await t.request('GET', '/assets/..%2F..%2F..%2Fetc%2Fpasswd');
    expect(escape.body).not.toContain('root:');
  });
});
