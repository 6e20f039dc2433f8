import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let tokens: { sysadmin: string; tenant: string; customer: string };
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
});
afterAll(() => t.close());

function expectErrorBody(res: { statusCode: number; json: () => unknown }, status: number, errorCode?: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(typeof body.errorCode).toBe('number');
  if (errorCode !== undefined) expect(body.errorCode).toBe(errorCode);
  expect(typeof body.timestamp).toBe('string');
  expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);
  return body as { status: number; message: string; errorCode: number; timestamp: string };
}

describe('request parsing and validation', () => {
  it('answers malformed JSON with 400 code 31 and a message', async () => {
    const res = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: '{"title": "x",',
      headers: { 'content-type': 'application/json' },
    });
    const body = expectErrorBody(res, 400, 31);
    expect(body.message).toMatch(/JSON/i);
  });

  it('rejects a number where a string belongs, naming the field', async () => {
    const res = await t.request('POST', '/api/tenant', { token: tokens.sysadmin, body: { title: 123 } });
    const body = expectErrorBody(res, 400, 31);
    expect(body.message).toContain('title');
  });

  it('reports a missing required query parameter in ThingsBoard words', async () => {
    const res = await t.request('GET', '/api/tenants?page=0', { token: tokens.sysadmin });
    const body = expectErrorBody(res, 400, 31);
    expect(body.message).toBe("Parameter 'pageSize' can't be empty!");
  });

  it('rejects a non-numeric pageSize naming it', async () => {
    const res = await t.request('GET', '/api/tenants?pageSize=abc&page=0', { token: tokens.sysadmin });
    const body = expectErrorBody(res, 400, 31);
    expect(body.message).toContain('pageSize');
  });

  it('rejects an unsupported sort order', async () => {
    const res = await t.request('GET', '/api/tenants?pageSize=10&page=0&sortProperty=title&sortOrder=UP', {
      token: tokens.sysadmin,
    });
    const body = expectErrorBody(res, 400, 31);
    expect(body.message).toBe("Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.");
  });

  it('answers an unknown API path with 404 code 32', async () => {
    const res = await t.request('GET', '/api/nope', { token: tokens.sysadmin });
    expectErrorBody(res, 404, 32);
    const anon = await t.request('GET', '/api/nope');
    expectErrorBody(anon, 404, 32);
  });

  it('answers a wrong method on a known path with 405 code 31, naming the methods it has', async () => {
    const put = await t.request('PUT', '/api/tenant', { token: tokens.sysadmin, body: { title: 'x' } });
    expect(expectErrorBody(put, 405, 31).message).toBe("Request method 'PUT' not supported");
    expect(put.headers.allow).toBe('POST');
    const del = await t.request('DELETE', '/api/tenants', { token: tokens.sysadmin });
    expectErrorBody(del, 405, 31);
    expect(del.headers.allow).toBe('GET, HEAD');
    // Path parameters count: /api/device/{id} has GET and DELETE, not PATCH. No token needed to learn it.
    const patch = await t.request('PATCH', '/api/device/6f1c1c1e-0000-4000-8000-000000000001');
    expectErrorBody(patch, 405, 31);
    expect(patch.headers.allow).toBe('DELETE, GET, HEAD');
    // A path no route has stays 404.
    expectErrorBody(await t.request('DELETE', '/api/nothing/here', { token: tokens.sysadmin }), 404, 32);
  });

  it('answers a URL with broken percent-encoding with 400 code 31, not Fastify’s own body', async () => {
    for (const url of ['/api/device/%E0%A4%A', '/%E0%A4%A']) {
      const res = await t.request('GET', url, { token: tokens.sysadmin });
      expect(expectErrorBody(res, 400, 31).message).toMatch(/^Invalid URL: /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a body over 1 MiB with 413, not 500', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(expectErrorBody(res, 413, 31).message).toBe('Request body is too large (at most 1048576 bytes)');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = expectErrorBody(res, 415, 31);
    expect(body.message).toBe("Content type 'application/x-www-form-urlencoded' not supported");
  });
});

describe('fuzzed bodies never cause a 5xx', () => {
  let nested: unknown = { title: 'deep' };
  for (let i = 0; i < 2000; i++) nested = { a: nested };
  const deepArray = '['.repeat(5000) + ']'.repeat(5000);
  const payloads: Array<{ name: string; raw: string }> = [
    { name: 'null', raw: 'null' },
    { name: 'empty array', raw: '[]' },
    { name: 'string', raw: '"x"' },
    { name: 'number', raw: '42' },
    { name: 'true', raw: 'true' },
    { name: '__proto__', raw: '{"__proto__":{"a":1}}' },
    { name: 'constructor.prototype', raw: '{"constructor":{"prototype":{"a":1}}}' },
    { name: 'deeply nested object', raw: JSON.stringify(nested) },
    { name: 'deeply nested array', raw: deepArray },
    { name: 'huge number', raw: '{"title":1e999,"name":1e999,"key":1e999,"email":1e999}' },
    { name: 'huge integer', raw: '{"title":"t","name":"n","maxFailedLoginAttempts":123456789012345678901234567890}' },
    { name: 'wrong types', raw: '{"title":[],"name":{},"key":false,"jsonValue":"x","email":7,"authority":1,"id":"x"}' },
    { name: 'bad id', raw: '{"id":{"id":"not-a-uuid"},"title":"t","name":"n","email":"a@b.co"}' },
    {
      name: 'nul chars',
      raw: '{"title":"a\\u0000b","name":"a\\u0000b","email":"a\\u0000@b.co","key":"general","jsonValue":{"baseUrl":"http://a\\u0000"}}',
    },
    {
      name: 'lone surrogate',
      raw: '{"title":"\\ud800","name":"\\ud800","email":"\\ud800@b.co","key":"\\ud800","jsonValue":{}}',
    },
    { name: 'empty object', raw: '{}' },
    { name: 'truncated', raw: '{"title":' },
    { name: 'not json', raw: 'hello' },
    {
      name: 'additionalInfo blob',
      raw: '{"title":"t","name":"n","additionalInfo":{"x":[1,2,{"y":null}]},"profileData":[]}',
    },
  ];
  const targets: Array<{ url: string; who: 'sysadmin' | 'tenant' }> = [
    { url: '/api/tenant', who: 'sysadmin' },
    { url: '/api/tenantProfile', who: 'sysadmin' },
    { url: '/api/admin/settings', who: 'sysadmin' },
    { url: '/api/admin/securitySettings', who: 'sysadmin' },
    { url: '/api/customer', who: 'tenant' },
    { url: '/api/user', who: 'tenant' },
  ];
  for (const target of targets) {
    it(`POST ${target.url}`, async () => {
      const failures: string[] = [];
      for (const p of payloads) {
        const res = await t.request('POST', target.url, {
          token: tokens[target.who],
          body: p.raw,
          headers: { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500) failures.push(`${p.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) expectErrorBody(res, res.statusCode);
      }
      expect(failures).toEqual([]);
      // Prototype pollution through a body must not leak into plain objects.
      expect(({} as Record<string, unknown>).a).toBeUndefined();
    });
  }
});

describe('NUL characters', () => {
  it('are refused with 400 naming the field, in bodies and query strings', async () => {
    const body = await t.request('POST', '/api/tenant', { token: tokens.sysadmin, body: { title: 'a\u0000b' } });
    expect(expectErrorBody(body, 400, 31).message).toContain("'title'");
    const query = await t.request('GET', '/api/tenants?pageSize=10&page=0&textSearch=a%00', { token: tokens.sysadmin });
    expect(expectErrorBody(query, 400, 31).message).toContain("'textSearch'");
  });
});

describe('headers, health and docs', () => {
  it('sets security headers on API answers', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const err = await t.request('GET', '/api/nope');
    expect(err.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never sends HSTS over plain HTTP, nor for a forged X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await t.request('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    const forged = await t.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('reports health UP without a token', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/tenants']));
  });

  it('serves the API docs UI as HTML', async () => {
    let res = await t.request('GET', '/api/docs');
    for (let i = 0; i < 3 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      const loc = res.headers.location as string;
      res = await t.request('GET', new URL(loc, 'http://localhost/api/docs').pathname);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });

  it('requires a token on protected routes (401 code 10)', async () => {
    const res = await t.request('GET', '/api/tenants?pageSize=10&page=0');
    expectErrorBody(res, 401, 10);
    const bad = await t.request('GET', '/api/tenants?pageSize=10&page=0', { token: 'garbage' });
    expectErrorBody(bad, 401);
  });
});
