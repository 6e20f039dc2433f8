import fc from 'fast-check';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { encodeUrlValue, NASTY_STRINGS, toJsonText } from './nasty.ts';
import { idsFor, schemaArbitrary, type GenContext, type JsonSchema } from './schema-arbitrary.ts';

const DEVICE = '11111111-1111-4111-8111-111111111111';
const PROFILE = '22222222-2222-4222-8222-222222222222';
const ctx: GenContext = {
  ids: { device: [DEVICE], deviceprofile: [PROFILE] },
  strings: ['thermostat', 'x'.repeat(300)],
  named: { sortorder: ['ASC', 'DESC'] },
  nastiness: 0,
};

/** Shaped like the schemas @fastify/swagger writes for the device routes. */
const DEVICE_BODY: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } }, nullable: true },
    deviceProfileId: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
    name: { type: 'string', minLength: 1, maxLength: 255 },
    type: {
      anyOf: [
        { type: 'string', enum: ['A'] },
        { type: 'string', enum: ['B'] },
      ],
    },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    ratio: { type: 'number' },
    tags: { type: 'array', items: { type: 'string', maxLength: 8 }, maxItems: 3 },
    sortOrder: { type: 'string', maxLength: 8 },
    extra: {},
  },
  additionalProperties: false,
};

describe('schemaArbitrary', () => {
  it('without nastiness, every value is valid for its schema', () => {
    const ajv = new Ajv({ strict: false });
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    const validate = ajv.compile({ ...DEVICE_BODY, properties: { ...DEVICE_BODY.properties } });
    fc.assert(
      fc.property(schemaArbitrary(DEVICE_BODY, ctx, 0, '/api/device'), (v) => {
        expect(validate(v), JSON.stringify(validate.errors)).toBe(true);
      }),
      { seed: 1, numRuns: 300 },
    );
  });

  it('picks ids of the kind a field names, and fixed values for known parameter names', () => {
    expect(idsFor(ctx, 'deviceProfileId')).toEqual([PROFILE]);
    expect(idsFor(ctx, '/api/device/')).toEqual([DEVICE]);
    expect(idsFor(ctx, 'somethingElse')).toEqual([DEVICE, PROFILE]);
    const samples = fc.sample(schemaArbitrary(DEVICE_BODY, ctx, 0, '/api/device'), { seed: 2, numRuns: 200 }) as Array<
      Record<string, { id: string } | string | undefined>
    >;
    const profileIds = samples.map((s) => (s.deviceProfileId as { id: string } | undefined)?.id).filter(Boolean);
    // Mostly the named kind; now and then another kind's id, for the "wrong entity" answers.
    const count = (id: string) => profileIds.filter((x) => x === id).length;
    expect(count(PROFILE)).toBeGreaterThan(4 * count(DEVICE));
    const orders = samples.map((s) => s.sortOrder).filter((o) => o !== undefined);
    expect(orders.filter((o) => o === 'ASC' || o === 'DESC').length).toBeGreaterThan(orders.length / 2);
  });

  it('with nastiness, sends wrong types, NUL, lone surrogates and prototype keys', () => {
    const values = fc.sample(schemaArbitrary(DEVICE_BODY, { ...ctx, nastiness: 5 }), { seed: 3, numRuns: 500 });
    const texts = values.map((v) => toJsonText(v));
    expect(texts.some((t) => t.includes('\\u0000'))).toBe(true);
    expect(texts.some((t) => t.includes('\\ud800'))).toBe(true);
    expect(texts.some((t) => t.includes('"__proto__"'))).toBe(true);
    expect(values.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))).toBe(true);
  });
});

describe('serializing hostile values', () => {
  it('puts back raw JSON no serializer writes: 1e999, deep nesting', () => {
    expect(toJsonText({ a: '\u0000RAW:huge-exponent\u0000' })).toBe('{"a":1e999}');
    expect(toJsonText(['\u0000RAW:deep-array\u0000'])).toMatch(/^\[\[{5000}\]{5000}\]$/);
  });

  it('percent-encodes lone surrogates as the invalid UTF-8 a hostile client sends', () => {
    expect(encodeUrlValue('a\ud800b')).toBe('a%ED%A0%80b');
    expect(encodeUrlValue('é/?')).toBe('%C3%A9%2F%3F');
    for (const s of NASTY_STRINGS) expect(() => encodeUrlValue(s)).not.toThrow();
  });
});
