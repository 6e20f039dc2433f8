import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createUser,
  expectError,
  expectForbidden,
  expectNotFound,
  setupWorld,
  tenantRef,
  type World,
} from '../users/users-fixtures.ts';

let t: TestApp;
let w: World;
let tenantUser: string;

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A data URL whose decoded content is `bytes` long. */
const dataUrlOf = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

const EMPTY = {
  domainName: null,
  title: null,
  icon: null,
  logo: null,
  height: null,
  logoHeight: null,
  intro: null,
  background: null,
  color: null,
};

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  await createUser(t, w.tokens.tenant, { email: 'wl-user@sapo.local', authority: 'TENANT_USER' });
  tenantUser = await t.login('wl-user@sapo.local', 'Secret123!');
});
afterAll(() => t.close());

const save = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/whiteLabel/login', { token, body });
const publicGet = (domain: string) => t.request('GET', `/api/noauth/whiteLabel/${encodeURIComponent(domain)}`);

describe('login white-label of a tenant', () => {
  it('answers empty defaults before anything is saved', async () => {
    const res = await t.request('GET', '/api/whiteLabel/login', { token: w.tokens.other });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(EMPTY);
  });

  it('saves, reads back and serves it publicly by host name, case-insensitively', async () => {
    const body = {
      domainName: ' Acme.Example.COM ',
      title: '  Acme IoT ',
      icon: PNG_1PX,
      logo: 'https://cdn.example.com/acme/logo.svg',
      logoHeight: 64,
      intro: 'Welcome to Acme',
      background: '#102030',
      color: 'rgb(48, 86, 128)',
    };
    const res = await save(w.tokens.tenant, body);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      domainName: 'acme.example.com',
      title: 'Acme IoT',
      icon: PNG_1PX,
      logo: 'https://cdn.example.com/acme/logo.svg',
      height: 64,
      logoHeight: 64,
      intro: 'Welcome to Acme',
      background: '#102030',
      color: 'rgb(48, 86, 128)',
    };
    expect(res.json()).toEqual(expected);
    expect((await t.request('GET', '/api/whiteLabel/login', { token: w.tokens.tenant })).json()).toEqual(expected);

    const pub = await publicGet('ACME.example.com');
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toEqual(expected);
  });

  it('replaces the whole setting on save (fields left out are cleared)', async () => {
    await save(w.tokens.tenant, { domainName: 'replace.example.com', title: 'First', intro: 'Hello' });
    const res = await save(w.tokens.tenant, { domainName: 'replace.example.com', title: 'Second', height: 40 });
    expect(res.json()).toMatchObject({ title: 'Second', intro: null, height: 40, logoHeight: 40 });
  });

  it('answers 404 (code 32) for a host name nobody uses, and for a malformed one', async () => {
    expectNotFound(await publicGet('nobody.example.com'));
    expectNotFound(await publicGet('not a host'));
  });

  it('ignores a tenant id in the body: a tenant only ever writes its own setting', async () => {
    const res = await save(w.tokens.other, {
      domainName: 'own.example.com',
      tenantId: tenantRef(w.tenantId),
      title: 'Mine',
    });
    expect(res.statusCode, res.body).toBe(200);
    const demo = await t.request('GET', '/api/whiteLabel/login', { token: w.tokens.tenant });
    expect(demo.json().title).not.toBe('Mine');
    const other = await t.request('GET', '/api/whiteLabel/login', { token: w.tokens.other });
    expect(other.json()).toMatchObject({ domainName: 'own.example.com', title: 'Mine' });
  });

  it('deletes: the public answer becomes 404 and the tenant reads defaults again', async () => {
    await save(w.tokens.other, { domainName: 'gone.example.com', title: 'Soon gone' });
    expect((await publicGet('gone.example.com')).statusCode).toBe(200);
    const del = await t.request('DELETE', '/api/whiteLabel/login', { token: w.tokens.other });
    expect(del.statusCode, del.body).toBe(200);
    expectNotFound(await publicGet('gone.example.com'));
    expect((await t.request('GET', '/api/whiteLabel/login', { token: w.tokens.other })).json()).toEqual(EMPTY);
  });
});

describe('domain names', () => {
  it('belong to one tenant only; the owner may save again, and the name is free once released', async () => {
    expect((await save(w.tokens.tenant, { domainName: 'shared.example.com', title: 'Demo' })).statusCode).toBe(200);
    expectError(
      await save(w.tokens.other, { domainName: 'SHARED.example.com', title: 'Other' }),
      400,
      31,
      "Domain name 'shared.example.com' is already used by another tenant",
    );
    expect((await save(w.tokens.tenant, { domainName: 'shared.example.com', title: 'Demo again' })).statusCode).toBe(
      200,
    );
    expect((await publicGet('shared.example.com')).json().title).toBe('Demo again');

    await save(w.tokens.tenant, { domainName: 'elsewhere.example.com' });
    expect((await save(w.tokens.other, { domainName: 'shared.example.com', title: 'Other' })).statusCode).toBe(200);
    expect((await publicGet('shared.example.com')).json().title).toBe('Other');
  });

  it('may be left empty: the setting is saved but no host name serves it', async () => {
    const res = await save(w.tokens.other, { domainName: '', title: 'No domain' });
    expect(res.json()).toMatchObject({ domainName: null, title: 'No domain' });
  });

  it('must be a plain host name', async () => {
    for (const domainName of [
      'https://acme.example.com',
      'acme.example.com:8080',
      'acme.example.com/login',
      'bad_host.com',
      '-acme.com',
    ]) {
      expectError(await save(w.tokens.tenant, { domainName }), 400, 31, /is not a valid host name/);
    }
    expect((await save(w.tokens.tenant, { domainName: 'localhost' })).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('takes inline images up to 512 kB each, even several in one body', async () => {
    const big = dataUrlOf(512 * 1024);
    const res = await save(w.tokens.tenant, {
      domainName: 'big.example.com',
      logo: big,
      background: big,
      icon: PNG_1PX,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toBe(big);
  });

  it('rejects an image over 512 kB with a clear message', async () => {
    expectError(
      await save(w.tokens.tenant, { logo: dataUrlOf(512 * 1024 + 3) }),
      400,
      31,
      'Logo is too large: an image may be at most 512 kB',
    );
    expectError(await save(w.tokens.tenant, { background: dataUrlOf(600 * 1024) }), 400, 31, /Background is too large/);
  });

  it('rejects images that are not image data URLs or http(s) URLs', async () => {
    for (const logo of [
      'javascript:alert(1)',
      'data:text/html;base64,PGgxPg==',
      'https://x.example.com/a").foo(',
      '//evil.example.com/x.png',
    ]) {
      expectError(await save(w.tokens.tenant, { logo }), 400, 31, /^Logo must be/);
    }
    expectError(await save(w.tokens.tenant, { icon: 'ftp://x.example.com/i.ico' }), 400, 31, /^Icon must be/);
    expect(
      (await save(w.tokens.tenant, { logo: '/static/logo.png', icon: 'http://x.example.com/i.ico' })).statusCode,
    ).toBe(200);
  });

  it('accepts a colour or an image as background, and only colours as colour', async () => {
    for (const background of ['#abc', 'rgba(0, 0, 0, 0.5)', 'navy', 'https://x.example.com/bg.jpg', PNG_1PX]) {
      expect((await save(w.tokens.tenant, { background })).statusCode, background).toBe(200);
    }
    expectError(await save(w.tokens.tenant, { background: 'red; position: fixed' }), 400, 31, /^Background must be/);
    expectError(await save(w.tokens.tenant, { color: 'url(x)' }), 400, 31, /^Color must be a CSS colour/);
  });

  it('bounds the logo height and the texts', async () => {
    expectError(await save(w.tokens.tenant, { height: 0 }), 400, 31, /^Logo height must be/);
    expectError(await save(w.tokens.tenant, { logoHeight: 12.5 }), 400, 31, /^Logo height must be/);
    expectError(
      await save(w.tokens.tenant, { title: 'x'.repeat(256) }),
      400,
      31,
      'Title is too long: at most 255 characters',
    );
    expectError(await save(w.tokens.tenant, { intro: 'x'.repeat(2049) }), 400, 31, /^Intro is too long/);
    expectError(await save(w.tokens.tenant, { title: 42 }), 400, 31, "Invalid value of 'title': must be string");
  });
});

describe('access', () => {
  it('is for tenant administrators only', async () => {
    for (const token of [w.tokens.sysadmin, w.tokens.customer, tenantUser]) {
      expectForbidden(await t.request('GET', '/api/whiteLabel/login', { token }));
      expectForbidden(await save(token, { title: 'Nope' }));
      expectForbidden(await t.request('DELETE', '/api/whiteLabel/login', { token }));
    }
  });

  it('needs a session, except for the public read', async () => {
    expect((await t.request('GET', '/api/whiteLabel/login')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/whiteLabel/login', { body: { title: 'x' } })).statusCode).toBe(401);
  });

  it('goes away with its tenant', async () => {
    const tenant = await t.request('POST', '/api/tenant', { token: w.tokens.sysadmin, body: { title: 'Short-lived' } });
    const tenantId = tenant.json().id.id as string;
    await createUser(t, w.tokens.sysadmin, {
      email: 'short@sapo.local',
      authority: 'TENANT_ADMIN',
      tenantId: tenantRef(tenantId),
    });
    const admin = await t.login('short@sapo.local', 'Secret123!');
    expect((await save(admin, { domainName: 'short.example.com', title: 'Short' })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/tenant/${tenantId}`, { token: w.tokens.sysadmin })).statusCode).toBe(200);
    expectNotFound(await publicGet('short.example.com'));
  });
});
