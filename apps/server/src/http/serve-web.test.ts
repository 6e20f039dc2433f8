import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let webDir: string;
const BIG = 'export const answer = 42;\n'.repeat(100);
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
  fs.writeFileSync(path.join(webDir, 'assets', 'big-Ef56Gh78.js'), BIG);
  fs.writeFileSync(path.join(webDir, 'assets', 'big-Ef56Gh78.js.br'), zlib.brotliCompressSync(BIG));
  fs.writeFileSync(path.join(webDir, 'assets', 'big-Ef56Gh78.js.gz'), zlib.gzipSync(BIG));
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

  it('sends the compressed copy the browser accepts, and the plain file to those that accept none', async () => {
    const br = await t.request('GET', '/assets/big-Ef56Gh78.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    const gz = await t.request('GET', '/assets/big-Ef56Gh78.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await t.request('GET', '/assets/big-Ef56Gh78.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    // Files too small to have copies are sent as they are.
    const small = await t.request('GET', '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.body).toBe('console.log(1);');
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
