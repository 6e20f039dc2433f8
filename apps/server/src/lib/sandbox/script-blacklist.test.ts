import { afterAll, describe, expect, it } from 'vitest';
import { QuickJsScriptRunner } from './quickjs-script-runner.ts';
import { ScriptError } from './script-error.ts';

/** A clock the test moves forward. */
const clock = { t: 1_700_000_000_000, now: () => clock.t };
const runner = new QuickJsScriptRunner({ clock, timeoutMs: 200 });
afterAll(() => runner.close());

// Fails when msg.fail is true: the same script text can fail or succeed.
const script = "if (msg.fail) throw new Error('sensor offline'); return msg.v;";
const call = (fail: boolean, tenant = 't1') => runner.run(tenant, script, { fail, v: 7 }, {}, 'T');

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ScriptError);
    return (err as Error).message;
  }
  throw new Error('expected the script to fail');
}

const BLACKLISTED = /^Script is blacklisted due to maximum error count 3! .*disabled for another 60 s\.$/;

describe('script blacklist', () => {
  it('disables a script after 3 failures in a row for 60 s, for that tenant only', async () => {
    for (let i = 0; i < 3; i++) expect(await failure(call(true))).toBe('Error: sensor offline');
    // Even a call that would succeed is refused now.
    expect(await failure(call(false))).toMatch(BLACKLISTED);
    // Another tenant with the same script text is unaffected.
    expect(await call(false, 't2')).toBe(7);
    clock.t += 59_000;
    expect(await failure(call(false))).toMatch(/disabled for another 1 s\.$/);
    clock.t += 1_001;
    expect(await call(false)).toBe(7);
  });

  it('a success resets the count', async () => {
    expect(await failure(call(true, 't3'))).toBe('Error: sensor offline');
    expect(await failure(call(true, 't3'))).toBe('Error: sensor offline');
    expect(await call(false, 't3')).toBe(7);
    expect(await failure(call(true, 't3'))).toBe('Error: sensor offline');
    expect(await failure(call(true, 't3'))).toBe('Error: sensor offline');
    expect(await call(false, 't3')).toBe(7);
  });

  it('timeouts and syntax errors count too', async () => {
    const loop = 'while (true) {}';
    for (let i = 0; i < 3; i++) {
      expect(await failure(runner.run('t4', loop, {}, {}, 'T'))).toBe('Script execution timed out after 200 ms');
    }
    const t0 = Date.now();
    expect(await failure(runner.run('t4', loop, {}, {}, 'T'))).toMatch(BLACKLISTED);
    expect(Date.now() - t0).toBeLessThan(100); // refused without running
    const bad = 'return (;';
    for (let i = 0; i < 3; i++) expect(await failure(runner.run('t4', bad, {}, {}, 'T'))).toMatch(/^SyntaxError/);
    expect(await failure(runner.run('t4', bad, {}, {}, 'T'))).toMatch(BLACKLISTED);
  });

  it('script test runs neither count nor are refused (only timeouts count, per tenant: sandbox-fairness.test.ts)', async () => {
    const inv = { tenantId: 't5', script, args: [{ fail: true }, {}, 'T'], test: true };
    for (let i = 0; i < 5; i++) expect(await failure(runner.invoke(inv))).toBe('Error: sensor offline');
    expect(await call(false, 't5')).toBe(7);
  });

  it("calls cut off by a batch's time slice wait for their turn instead of failing, and are not blacklisted", async () => {
    // Six different endless loops and an innocent call in one batch: the slice (20 ms) ends after the first loop.
    const loops = Array.from({ length: 6 }, (_, i) => runner.run('t6', `while (true) { ${i} }`, {}, {}, 'T'));
    const innocent = runner.run('t6', 'return 5;', {}, {}, 'T');
    const settled = await Promise.allSettled([...loops, innocent]);
    const messages = settled.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value));
    expect(messages).toEqual([...loops.map(() => 'Script execution timed out after 200 ms'), 5]);
    for (let i = 0; i < 3; i++) expect(await runner.run('t6', 'return 5;', {}, {}, 'T')).toBe(5);
  });
});
