import { afterAll, describe, expect, it } from 'vitest';
import {
  GENERATOR_ARG_NAMES,
  QuickJsScriptRunner,
  SCRIPT_LIMITS,
  scriptRunnerOptionsFromEnv,
} from './quickjs-script-runner.ts';
import { ScriptError } from './script-error.ts';

const runner = new QuickJsScriptRunner();
afterAll(() => runner.close());

const T1 = 'tenant-1';
const T2 = 'tenant-2';
const meta = { deviceName: 'Thermo', deviceType: 'sensor' };

/** The message a failing call rejects with. */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ScriptError);
    return (err as Error).message;
  }
  throw new Error('expected the script to fail');
}

describe('script results', () => {
  it('runs a filter with msg, metadata and msgType', async () => {
    const script =
      "return msg.temperature > 20 && metadata.deviceType === 'sensor' && msgType === 'POST_TELEMETRY_REQUEST';";
    expect(await runner.run(T1, script, { temperature: 25 }, meta, 'POST_TELEMETRY_REQUEST')).toBe(true);
    expect(await runner.run(T1, script, { temperature: 15 }, meta, 'POST_TELEMETRY_REQUEST')).toBe(false);
  });

  it('runs a transform returning {msg, metadata, msgType}', async () => {
    const script = `
      var newMsg = { fahrenheit: msg.temperature * 9 / 5 + 32 };
      metadata.converted = 'true';
      return { msg: newMsg, metadata: metadata, msgType: 'CONVERTED' };`;
    expect(await runner.run(T1, script, { temperature: 100 }, meta, 'POST_TELEMETRY_REQUEST')).toEqual({
      msg: { fahrenheit: 212 },
      metadata: { ...meta, converted: 'true' },
      msgType: 'CONVERTED',
    });
  });

  it('supports the generator argument names and returns undefined as undefined', async () => {
    const gen = 'return { msg: { n: (prevMsg.n || 0) + 1 }, metadata: prevMetadata, msgType: prevMsgType };';
    expect(
      await runner.invoke({ tenantId: T1, script: gen, args: [{ n: 41 }, {}, 'GEN'], argNames: GENERATOR_ARG_NAMES }),
    ).toEqual({ msg: { n: 42 }, metadata: {}, msgType: 'GEN' });
    expect(await runner.run(T1, 'var x = 1;', {}, {}, 'T')).toBeUndefined();
  });

  it('runs many calls batched concurrently, each with its own arguments', async () => {
    const script = 'return msg.i * 2;';
    const results = await Promise.all(Array.from({ length: 2000 }, (_, i) => runner.run(T1, script, { i }, {}, 'T')));
    expect(results).toEqual(Array.from({ length: 2000 }, (_, i) => i * 2));
  });

  it('reports syntax errors with the line and thrown errors as "Error: message"', async () => {
    expect(await failure(runner.run(T1, 'var a = 1;\nvar b = 2;\nreturn a b;', {}, {}, 'T'))).toMatch(
      /^SyntaxError: .* \(line 3, column \d+\)$/,
    );
    expect(await failure(runner.run(T1, "throw new Error('bad reading');", {}, {}, 'T'))).toBe('Error: bad reading');
    expect(await failure(runner.run(T1, "throw 'plain';", {}, {}, 'T'))).toBe('Error: plain');
    expect(await failure(runner.run(T1, 'return msg.a.b.c;', {}, {}, 'T'))).toMatch(/^TypeError: /);
  });

  it('console calls are harmless no-ops', async () => {
    expect(await runner.run(T1, "console.log('hello', msg); return 1;", {}, {}, 'T')).toBe(1);
  });

  it('sloppy globals do not survive to the next call', async () => {
    expect(
      await runner.run(T1, 'counter = (typeof counter === "number" ? counter : 0) + 1; return counter;', {}, {}, 'T'),
    ).toBe(1);
    expect(
      await runner.run(T1, 'counter = (typeof counter === "number" ? counter : 0) + 1; return counter;', {}, {}, 'T'),
    ).toBe(1);
  });

  it('common overrides on plain objects still work with frozen intrinsics', async () => {
    const script =
      "var o = {}; o.toString = function () { return 'custom'; }; var e = new Error('x'); e.name = 'MyError'; return [String(o), e.name, String(e)];";
    expect(await runner.run(T2, script, {}, {}, 'T')).toEqual(['custom', 'MyError', 'MyError: x']);
  });
});

describe('size limits', () => {
  it('refuses a script body over 50,000 characters', async () => {
    const body = `return 1;//${'x'.repeat(SCRIPT_LIMITS.maxScriptChars)}`;
    expect(await failure(runner.run(T1, body, {}, {}, 'T'))).toBe(
      'Script body exceeds maximum allowed size of 50000 symbols',
    );
  });

  it('refuses arguments over 100,000 characters', async () => {
    expect(await failure(runner.run(T1, 'return 1;', { big: 'x'.repeat(100_001) }, {}, 'T'))).toBe(
      'Script input arguments exceed maximum allowed total args size of 100000 symbols',
    );
  });

  it('refuses a result over 300,000 characters', async () => {
    expect(await failure(runner.run(T1, "return 'y'.repeat(300001);", {}, {}, 'T'))).toBe(
      'Script invocation result exceeds maximum allowed size of 300000 symbols',
    );
    expect(((await runner.run(T1, "return 'y'.repeat(299000);", {}, {}, 'T')) as string).length).toBe(299000);
  });
});

describe('per-call overhead', () => {
  it('measures µs per call and batched throughput (logged, loosely checked)', async () => {
    const script = 'return msg.temperature > 20;';
    const m = { temperature: 25, humidity: 40 };
    for (let i = 0; i < 200; i++) await runner.run('bench', script, m, meta, 'T'); // warm up
    const n = 20_000;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: n }, () => runner.run('bench', script, m, meta, 'T')));
    const ms = performance.now() - t0;
    const seq = 500;
    const t1 = performance.now();
    for (let i = 0; i < seq; i++) await runner.run('bench', script, m, meta, 'T');
    const seqMs = performance.now() - t1;
    console.log(
      `[sandbox] batched: ${Math.round((n / ms) * 1000)} calls/s (${((ms * 1000) / n).toFixed(1)} µs/call); ` +
        `sequential round trip: ${((seqMs * 1000) / seq).toFixed(0)} µs/call`,
    );
    expect(ms).toBeLessThan(60_000);
  });
});

describe('configuration', () => {
  it('reads SCRIPT_TIMEOUT_MS, SCRIPT_MEMORY_LIMIT_MB and SCRIPT_WORKERS, naming a bad variable', () => {
    expect(
      scriptRunnerOptionsFromEnv({ SCRIPT_TIMEOUT_MS: '250', SCRIPT_MEMORY_LIMIT_MB: '48', SCRIPT_WORKERS: '2' }),
    ).toEqual({
      timeoutMs: 250,
      memoryLimitBytes: 48 * 1024 * 1024,
      poolSize: 2,
    });
    expect(scriptRunnerOptionsFromEnv({})).toEqual({
      timeoutMs: undefined,
      memoryLimitBytes: undefined,
      poolSize: undefined,
    });
    expect(() => scriptRunnerOptionsFromEnv({ SCRIPT_TIMEOUT_MS: 'soon' })).toThrow(
      "SCRIPT_TIMEOUT_MS must be an integer between 10 and 60000, got 'soon'",
    );
  });
});
