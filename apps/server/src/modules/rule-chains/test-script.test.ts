import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden } from '../users/users-fixtures.ts';

const URL = '/api/ruleChain/testScript';
let t: TestApp;
let tokens: { sysadmin: string; tenant: string; customer: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
});
afterAll(() => t.close());

const base = {
  msg: JSON.stringify({ temperature: 22.5 }),
  metadata: { deviceName: 'Thermo', deviceType: 'sensor', ts: '1600000000000' },
  msgType: 'POST_TELEMETRY_REQUEST',
};

async function testScript(body: Record<string, unknown>, token = tokens.tenant) {
  const res = await t.request('POST', URL, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { output: string; error: string };
}

describe('POST /api/ruleChain/testScript', () => {
  it('runs a filter script for a tenant admin', async () => {
    const script = 'return msg.temperature > 20;';
    expect(
      await testScript({ ...base, script, scriptType: 'filter', argNames: ['msg', 'metadata', 'msgType'] }),
    ).toEqual({
      output: 'true',
      error: '',
    });
  });

  it('returns the transformed message of an update script as pretty JSON', async () => {
    const script =
      "metadata.unit = 'F'; return { msg: { temperature: msg.temperature * 9 / 5 + 32 }, metadata: metadata, msgType: 'CONVERTED' };";
    const r = await testScript({ ...base, script, scriptType: 'update' });
    expect(r.error).toBe('');
    expect(JSON.parse(r.output)).toEqual({
      msg: { temperature: 72.5 },
      metadata: { ...base.metadata, unit: 'F' },
      msgType: 'CONVERTED',
    });
    expect(r.output).toContain('\n  "msg": {');
  });

  it('keeps the parts an update script does not return, and uses generator argument names', async () => {
    const r = await testScript({ ...base, script: 'return { msg: { n: 1 } };', scriptType: 'update' });
    expect(JSON.parse(r.output)).toEqual({ msg: { n: 1 }, metadata: base.metadata, msgType: base.msgType });
    const gen = "return { msg: { prev: prevMsg.temperature }, metadata: {}, msgType: 'GEN' };";
    const g = await testScript({ ...base, script: gen, scriptType: 'generate', argNames: null });
    expect(JSON.parse(g.output)).toEqual({ msg: { prev: 22.5 }, metadata: {}, msgType: 'GEN' });
  });

  it('formats switch, json and string results', async () => {
    expect(
      JSON.parse((await testScript({ ...base, script: "return ['a', 'b'];", scriptType: 'switch' })).output),
    ).toEqual(['a', 'b']);
    expect(JSON.parse((await testScript({ ...base, script: "return 'one';", scriptType: 'switch' })).output)).toEqual([
      'one',
    ]);
    expect(
      JSON.parse((await testScript({ ...base, script: 'return { t: msg.temperature };', scriptType: 'json' })).output),
    ).toEqual({ t: 22.5 });
    expect(await testScript({ ...base, script: "return 'Incoming ' + msgType;", scriptType: 'string' })).toEqual({
      output: 'Incoming POST_TELEMETRY_REQUEST',
      error: '',
    });
  });

  it('reports script errors and wrong result types as error text with HTTP 200', async () => {
    expect(await testScript({ ...base, script: "throw new Error('no temperature');", scriptType: 'filter' })).toEqual({
      output: '',
      error: 'Error: no temperature',
    });
    expect((await testScript({ ...base, script: 'return (;', scriptType: 'filter' })).error).toMatch(
      /^SyntaxError: .*\(line 1, column \d+\)$/,
    );
    expect(await testScript({ ...base, script: "return 'yes';", scriptType: 'filter' })).toEqual({
      output: '',
      error: 'Wrong result type: STRING',
    });
    expect((await testScript({ ...base, script: 'return [1];', scriptType: 'switch' })).error).toBe(
      'Wrong result type: NUMBER',
    );
    expect((await testScript({ ...base, script: 'return 1;', scriptType: 'update' })).error).toBe(
      'Wrong result type: NUMBER',
    );
    expect((await testScript({ ...base, script: 'return 1;', scriptType: 'other' })).error).toBe(
      'Unsupported script type: other',
    );
  });

  it('stops an endless loop at the deadline and keeps serving; after 3 timeouts the tenant is refused for a minute', async () => {
    for (let i = 0; i < 3; i++) {
      // Each one different: the count is the tenant's, not the script text's.
      expect((await testScript({ ...base, script: `while (true) { ${i} }`, scriptType: 'filter' })).error).toMatch(
        /^Script execution timed out after \d+ ms$/,
      );
    }
    const health = await t.request('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expectError(
      await t.request('POST', URL, {
        token: tokens.tenant,
        body: { ...base, script: 'return true;', scriptType: 'filter' },
      }),
      429,
      33,
      /^Script tests are blocked for another 60 s: scripts of this tenant timed out or ran out of memory 3 times within 60 s\.$/,
    );
    t.clock.advance(60_001);
    expect(await testScript({ ...base, script: 'return true;', scriptType: 'filter' })).toEqual({
      output: 'true',
      error: '',
    });
  });

  it('refuses escape attempts with readable errors', async () => {
    const r = await testScript({
      ...base,
      script: "return this.constructor.constructor('return process')().env;",
      scriptType: 'json',
    });
    expect(r).toEqual({ output: '', error: "ReferenceError: 'process' is not defined" });
  });

  it('answers 400 for a missing message type, missing metadata or an invalid payload', async () => {
    const script = 'return true;';
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(await t.request('POST', URL, { token: tokens.tenant, body }), 400, 31, message);
    await bad({ ...base, script, scriptType: 'filter', msgType: undefined }, 'Message type is required');
    await bad({ ...base, script, scriptType: 'filter', msgType: '' }, 'Message type is required');
    await bad({ ...base, script, scriptType: 'filter', metadata: undefined }, 'Metadata is required');
    await bad(
      { ...base, script, scriptType: 'filter', metadata: { a: { nested: 1 } } },
      "Metadata value 'a' must be a string",
    );
    await bad({ ...base, script, scriptType: 'filter', msg: '{"temperature": ' }, 'Payload content must be valid JSON');
    await bad({ ...base, scriptType: 'filter' }, 'Script is required');
    await bad({ ...base, script }, 'Script type is required');
  });

  it('is for tenant administrators only', async () => {
    const body = { ...base, script: 'return true;', scriptType: 'filter' };
    expectForbidden(await t.request('POST', URL, { token: tokens.customer, body }));
    expectForbidden(await t.request('POST', URL, { token: tokens.sysadmin, body }));
    expect((await t.request('POST', URL, { body })).statusCode).toBe(401);
  });
});
