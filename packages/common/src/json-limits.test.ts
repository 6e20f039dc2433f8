import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  MAX_KEYS_PER_MESSAGE,
  jsonTextTooDeep,
  jsonValueProblem,
  storableText,
  textProblem,
} from './json-limits.ts';
import { PayloadError, parseJsonText, parseKvObject, parseTelemetryPayload } from './telemetry.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON limits', () => {
  it('measures nesting on long texts before parsing, ignoring brackets inside strings', () => {
    const pad = ' '.repeat(5000);
    const long = (depth: number) => '['.repeat(depth) + pad + ']'.repeat(depth);
    expect(jsonTextTooDeep(long(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(long(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`{"a":"${'['.repeat(5000)}"}`)).toBe(false);
    // An escaped quote does not end the string, so the brackets after it are still text.
    expect(jsonTextTooDeep(`{"a":"\\"${'{'.repeat(5000)}"}`)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\\\","b":${long(100)}}`)).toBe(true);
    // Short texts are left to the check after parsing.
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(false);
  });

  it('finds lone surrogates and NUL in strings and keys, but accepts paired surrogates', () => {
    expect(textProblem('ok 😀 中文')).toBeUndefined();
    expect(textProblem('\ud800')).toMatch(/lone surrogate/);
    expect(textProblem('a\udc00')).toMatch(/lone surrogate/);
    expect(textProblem('a\u0000')).toMatch(/NUL/);
    expect(jsonValueProblem({ a: [{ b: 'x\ud83d' }] })).toBe(
      "Invalid value of 'a.0.b': must be valid Unicode text (it holds a lone surrogate such as \\ud800)",
    );
    expect(jsonValueProblem({ a: { '\ud800': 1 } })).toMatch(/^Invalid key 'a\.\ufffd'/);
    expect(jsonValueProblem(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(jsonValueProblem(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted`,
    );
    expect(storableText('a\u0000\ud800b😀')).toBe('a\ufffd\ufffdb😀');
  });

  it('parses device JSON within the limits, naming the problem', () => {
    expect(parseJsonText('{"a":{"b":[1]}}')).toEqual({ a: { b: [1] } });
    expect(() => parseJsonText(`{"a":${nested(5000)}}`)).toThrow(PayloadError);
    expect(() => parseJsonText('{"s":"\\ud800"}')).toThrow(/Invalid value of 's'.*lone surrogate/);
    expect(() => parseJsonText('{"\\udfff":1}')).toThrow(/Invalid key/);
    expect(() => parseJsonText('{"s":"\\ud83d\\ude00"}')).not.toThrow();
    expect(() => parseJsonText(nested(MAX_JSON_DEPTH + 1))).toThrow(/nested deeper/);
  });

  it('refuses bad keys and values even when the JSON was parsed elsewhere (rule-engine messages)', () => {
    expect(() => parseKvObject({ t: '\ud800' })).toThrow(/Invalid value of 't'/);
    expect(() => parseKvObject({ '\ud800': 1 })).toThrow(/Invalid key/);
    expect(() => parseKvObject({ j: JSON.parse(nested(200)) })).toThrow(/nested deeper/);
    expect(() => parseTelemetryPayload({ ts: 1, values: { j: { x: 'a\udc00' } } }, 0)).toThrow(/'j\.x'/);
  });

  it('keeps prototype names as ordinary keys', () => {
    const entries = parseKvObject(JSON.parse('{"constructor":1,"__proto__":2,"toString":"x"}'));
    expect(entries.map((e) => [e.key, e.value])).toEqual([
      ['constructor', 1],
      ['__proto__', 2],
      ['toString', 'x'],
    ]);
  });

  it(`accepts at most ${MAX_KEYS_PER_MESSAGE} keys in one message`, () => {
    const obj = (n: number, prefix = 'k') =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
    expect(parseKvObject(obj(MAX_KEYS_PER_MESSAGE))).toHaveLength(MAX_KEYS_PER_MESSAGE);
    expect(() => parseKvObject(obj(MAX_KEYS_PER_MESSAGE + 1))).toThrow(
      `Too many keys in one message: ${MAX_KEYS_PER_MESSAGE + 1} (at most ${MAX_KEYS_PER_MESSAGE})`,
    );
    // Across the records of one telemetry message; repeating keys at other times is fine.
    const half = MAX_KEYS_PER_MESSAGE / 2;
    const twice = [1, 2].map((ts) => ({ ts, values: obj(half) }));
    expect(parseTelemetryPayload(twice, 0)).toHaveLength(2);
    const distinct = [1, 2].map((ts) => ({ ts, values: obj(half + 1, `k${ts}_`) }));
    expect(() => parseTelemetryPayload(distinct, 0)).toThrow(/Too many keys/);
  });
});
