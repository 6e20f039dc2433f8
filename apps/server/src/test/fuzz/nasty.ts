import fc from 'fast-check';

/**
 * Values that have broken servers before: lone surrogates (invalid in UTF-8 and in PostgreSQL text),
 * NUL (PostgreSQL rejects it in text and jsonb), numbers past int32/int64/double, prototype keys,
 * deep nesting, long strings, look-alikes of ids and keywords.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\ud800',
  'a\udfffb',
  '\u0000',
  'nul\u0000inside',
  '\\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '\u202e\u0301',
  '😀'.repeat(3),
  '\ufeff',
  '\r\n\t',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '-9223372036854775809',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../../../etc/passwd',
  "' OR '1'='1",
  '"; DROP TABLE tenant; --',
  '$1',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '13814000-1dd2-11b2-8080-808080808080',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'not-a-uuid',
  '*',
  '.*',
  '[',
  ',,,',
  'a,b,,c',
  '2023-13-45T25:61:61Z',
];

/** Markers replaced in the serialized JSON with raw text JSON.stringify cannot produce. */
export const RAW_MARKERS: Readonly<Record<string, string>> = {
  '\u0000RAW:huge-exponent\u0000': '1e999',
  '\u0000RAW:neg-huge-exponent\u0000': '-1e999',
  '\u0000RAW:long-integer\u0000': '123456789012345678901234567890123456789',
  '\u0000RAW:tiny\u0000': '1e-400',
  '\u0000RAW:deep-array\u0000': `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '\u0000RAW:deep-object\u0000': `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '\u0000RAW:dup-keys\u0000': '{"id":1,"id":{"id":"x"}}',
};

export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 63,
  2 ** 64,
  1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** An object whose own (not inherited) key is `__proto__`, as JSON.parse makes it. */
const protoObject = (inner: unknown): unknown => JSON.parse(`{"__proto__":${JSON.stringify(inner)},"a":1}`);

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** A long string: over the usual 255/1024 limits, sometimes far over. */
export const longString = fc
  .tuple(fc.constantFrom(256, 1025, 4097, 70_000, 300_000), fc.constantFrom('x', 'é', '😀', '\u0000', '\ud800'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: fc.constantFrom(...Object.keys(RAW_MARKERS)) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any value of any type: what a field gets when the sender ignores its schema. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom(nested(200, 1, true), nested(200, 'x', false)) },
  { weight: 1, arbitrary: fc.constantFrom(protoObject({ isAdmin: true }), { constructor: { prototype: { x: 1 } } }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(1, 'a', null), { minLength: 2000, maxLength: 3000 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Serializes a generated value as a request body, putting back the raw texts the markers stand for
 * (JSON.stringify writes lone surrogates as `\ud800` escapes, which is what a client would send).
 */
export function toJsonText(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [marker, raw] of Object.entries(RAW_MARKERS)) {
    const quoted = JSON.stringify(marker);
    if (text.includes(quoted)) text = text.split(quoted).join(raw);
  }
  return text;
}

/**
 * Percent-encodes a value for a URL path segment or query value. Lone surrogates, which
 * encodeURIComponent refuses, become the bytes of an encoded surrogate (`%ED%A0%80`): invalid UTF-8,
 * as a hostile client would send it.
 */
export function encodeUrlValue(value: unknown): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += `%${(0xe0 | (cp >> 12)).toString(16).toUpperCase()}%${(0x80 | ((cp >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (cp & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}
