import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The app as deployed behind a TLS-terminating proxy (TRUST_PROXY=true), serving a built web app.
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-web-'));
  fs.mkdirSync(path.join(webDir, 'sandbox'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'sandbox', 'widget-frame.html'), '<!doctype html><div id="sapo-root"></div>');
  const before = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = 'true';
  try {
    t = await createTestApp({ webDir });
  } finally {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  }
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  it('guards the app shell: own scripts only, no inline script, no plugins, no foreign framing', async () => {
    const res = await t.request('GET', '/devices');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')?.some((s) => s === '*' || s.endsWith(':'))).toBe(false);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    // Map tiles and author images come from anywhere; MUI injects styles.
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Installs served over plain HTTP must keep loading their own files.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('is on API answers and the API docs page too', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/docs/static/index.html']) {
      const csp = policy((await t.request('GET', url)).headers['content-security-policy']);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
    }
  });

  it('gives the custom-widget frame its own sandboxed policy', async () => {
    const res = await t.request('GET', '/sandbox/widget-frame.html');
    expect(res.statusCode).toBe(200);
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('sandbox')).toEqual(['allow-scripts']);
    expect(csp.get('script-src')).toEqual(["'unsafe-inline'", "'unsafe-eval'"]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the proxy says the request came over HTTPS, and only then', async () => {
    const https = await t.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.request('GET', '/', { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect((await t.request('GET', '/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API paths next to the web app', () => {
  it('answers /api itself and unknown API paths with the JSON 404, other paths with the app', async () => {
    for (const url of ['/api', '/api?x=1', '/api/', '/api/nope', '//api/nope']) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 404, errorCode: 32 });
    }
    const spa = await t.request('GET', '/apiary/page');
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<div id="root">');
  });

  it('answers a GET on a POST-only API path with 405, though GET /* serves the app', async () => {
    const res = await t.request('GET', '/api/auth/login');
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ status: 405, errorCode: 31, message: "Request method 'GET' not supported" });
    expect(res.headers.allow).toBe('POST');
  });
});
