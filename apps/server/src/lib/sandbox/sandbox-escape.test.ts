import { afterAll, describe, expect, it } from 'vitest';
import { QuickJsScriptRunner } from './quickjs-script-runner.ts';
import { ScriptError } from './script-error.ts';

// The default deadline (500 ms) and memory limit (64 MB), as the server runs them.
const runner = new QuickJsScriptRunner();
afterAll(() => runner.close());

const run = (tenant: string, script: string, msg: unknown = {}) =>
  runner.invoke({ tenantId: tenant, script, args: [msg, {}, 'T'] });

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ScriptError);
    return (err as Error).message;
  }
  throw new Error('expected the script to fail');
}

/** The sandbox still answers normally (after an attack). */
async function stillServes(tenant = 'victim') {
  expect(await run(tenant, 'return msg.a + 1;', { a: 41 })).toBe(42);
}

describe('host objects are unreachable', () => {
  it('this.constructor.constructor cannot reach process', async () => {
    expect(await failure(run('evil', "return this.constructor.constructor('return process')();"))).toBe(
      "ReferenceError: 'process' is not defined",
    );
    expect(await failure(run('evil', "return this.constructor.constructor('return process')().mainModule;"))).toMatch(
      /ReferenceError/,
    );
  });

  it('msg.constructor.constructor and Function("return this") only reach the sandbox global', async () => {
    const probe = (g: string) =>
      `var g = ${g}; return [typeof g.process, typeof g.require, typeof g.module, typeof g.Buffer, typeof g.setTimeout, typeof g.fetch, typeof g.WebAssembly, typeof process, typeof require];`;
    const none = Array(9).fill('undefined');
    expect(await run('evil', probe("msg.constructor.constructor('return this')()"), { a: 1 })).toEqual(none);
    expect(await run('evil', probe("Function('return this')()"))).toEqual(none);
    expect(await run('evil', probe('globalThis'))).toEqual(none);
    expect(
      await run('evil', 'return typeof (function(){ return this })().process + typeof import.meta', {}).catch(
        (e: Error) => e.message,
      ),
    ).toMatch(/SyntaxError|undefined/);
    await stillServes();
  });

  it('arguments passed in are plain sandbox values, not host objects', async () => {
    // The argument array and its objects are created inside the sandbox (JVN#16937365 lesson).
    expect(
      await run(
        'evil',
        'return [arguments.constructor === Object, msg.constructor === Object, Object.getPrototypeOf(arguments[0]) === Object.prototype];',
        { a: 1 },
      ),
    ).toEqual([true, true, true]);
  });
});

describe('prototype tampering does not leak', () => {
  it('Object.prototype / Array.prototype / JSON changes affect nothing: no other call, no other tenant, not the host', async () => {
    const tamper =
      "Object.prototype.polluted = 'yes'; Array.prototype.push = function () { return 'hijacked'; }; JSON.stringify = function () { return '{}'; }; Math.max = function () { return 0; }; return ({}).polluted;";
    expect(await run('evil', tamper)).toBeUndefined();
    expect(await failure(run('evil', "'use strict'; Object.prototype.polluted = 'yes';"))).toMatch(/^TypeError/);
    const check =
      'var a = []; a.push(1); return [typeof ({}).polluted, a.length, JSON.stringify({ k: 1 }), Math.max(1, 2)];';
    expect(await run('evil', check)).toEqual(['undefined', 1, '{"k":1}', 2]);
    expect(await run('victim', check)).toEqual(['undefined', 1, '{"k":1}', 2]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('state cannot be kept between calls in globals, function objects or hidden intrinsics', async () => {
    const keep = `
      var n = (globalThis.kept || 0) + 1;
      Object.defineProperty(globalThis, 'stuck', { value: n, configurable: false });
      try { arguments.callee.state = n; } catch (e) {}
      try { Object.getPrototypeOf(function* () {}).state = n; } catch (e) {}
      globalThis.kept = n;
      return [n, typeof stuck, typeof arguments.callee.state, typeof Object.getPrototypeOf(function* () {}).state];`;
    expect(await run('evil', keep)).toEqual([1, 'number', 'undefined', 'undefined']);
    expect(await run('evil', keep)).toEqual([1, 'number', 'undefined', 'undefined']);
    expect(await run('evil', 'return [typeof kept, typeof stuck];')).toEqual(['undefined', 'undefined']);
  });

  it('prototype-polluting JSON keys stay plain data', async () => {
    const msg = JSON.parse('{"__proto__": {"admin": true}, "a": 1}');
    expect(await run('evil', 'return [typeof msg.admin, typeof ({}).admin, msg.a, Object.keys(msg)];', msg)).toEqual([
      'undefined',
      'undefined',
      1,
      ['__proto__', 'a'],
    ]);
    expect(await run('victim', 'return typeof ({}).admin;')).toBe('undefined');
  });
});

describe('resource exhaustion', () => {
  it('an endless loop is interrupted at the deadline while the host event loop keeps ticking', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = Date.now();
    const message = await failure(run('evil', 'while (true) {}'));
    const elapsed = Date.now() - t0;
    clearInterval(timer);
    expect(message).toBe('Script execution timed out after 500 ms');
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(5000);
    // ~50 ticks expected; a blocked event loop would give 0-1.
    expect(ticks).toBeGreaterThan(10);
    await stillServes('evil');
  });

  it('a memory bomb hits the memory limit, and the tenant VM is recreated', async () => {
    expect(await failure(run('evil', 'let a = []; while (true) a.push(new Array(1e6).fill(1));'))).toBe(
      'Script ran out of memory (limit 64 MB)',
    );
    await stillServes('evil');
    const huge = await failure(run('evil', "var s = 'x'; while (true) s += s;"));
    expect(huge).toMatch(/out of memory|string too long|invalid string length/i);
    await stillServes('evil');
    // Many mid-size strings: refused by the memory cap or, if slower, by the deadline.
    const strings = await failure(run('evil', "var a = []; while (true) a.push('x'.repeat(1e6) + a.length);"));
    expect(strings).toMatch(/^Script ran out of memory|^Script execution timed out/);
    await stillServes('evil');
    expect(await failure(run('evil', "return 'x'.repeat(2 ** 30);"))).toMatch(/out of memory|string too long|invalid/i);
    await stillServes('evil');
  });

  it('deep recursion stops with a stack overflow error', async () => {
    expect(await failure(run('evil', 'function f(n) { return f(n + 1) + 1; } return f(0);'))).toMatch(/stack overflow/);
    const deepJson = 'var o = []; for (var i = 0; i < 100000; i++) o = [o]; return o;';
    // QuickJS needs seconds to unwind this one natively: stopped by the overflow or by the watchdog.
    expect(await failure(run('evil', deepJson))).toMatch(/stack overflow|timed out/);
    await stillServes('evil');
  });

  it('promise job floods are dropped with the context', async () => {
    expect(await run('evil', 'Promise.resolve().then(function f() { Promise.resolve().then(f); }); return 1;')).toBe(1);
    await stillServes('evil');
  });

  it('catastrophic regex backtracking is interrupted', async () => {
    expect(await failure(run('evil', "return /(a+)+$/.test('a'.repeat(40) + 'b');"))).toBe(
      'Script execution timed out after 500 ms',
    );
    await stillServes('evil');
  });

  it('a crashed worker is restarted: the running call fails clearly, the others are retried', async () => {
    // One worker and a tenant with no timeouts yet: both calls go in one batch on the same worker.
    const single = new QuickJsScriptRunner({ poolSize: 1 });
    try {
      const call = (tenant: string, script: string, msg: unknown = {}) =>
        single.invoke({ tenantId: tenant, script, args: [msg, {}, 'T'] });
      await call('victim', 'return 1;');
      // Same tick = same batch: the loop runs first, the innocent call waits behind it.
      const looping = failure(call('evil', 'while (true) {}'));
      const innocent = call('victim', 'return msg.a * 2;', { a: 21 });
      await new Promise((r) => setTimeout(r, 100));
      // Simulates a crash of the worker thread.
      type Internals = { pool: { workers: { worker: { terminate(): Promise<number> } }[] } };
      await (single as unknown as Internals).pool.workers[0]!.worker.terminate();
      expect(await looping).toMatch(/^Script crashed the executor/);
      expect(await innocent).toBe(42);
      expect(single.restarts).toBe(1);
      expect(await call('victim', 'return msg.a + 1;', { a: 41 })).toBe(42);
    } finally {
      await single.close();
    }
  });
});
