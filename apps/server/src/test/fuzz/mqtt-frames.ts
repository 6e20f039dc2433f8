import fc from 'fast-check';
import { nastyString, nastyValue, toJsonText } from './nasty.ts';

/**
 * MQTT 3.1.1 frames built by hand, so the fuzzer can also send what no client library would: wrong
 * lengths, truncated packets, reserved flags, a remaining length that announces gigabytes.
 */

function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0 && out.length < 4);
  return Buffer.from(out);
}

const str = (s: string | Buffer) => {
  const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length & 0xffff);
  return Buffer.concat([len, b]);
};

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};

export function frame(type: number, flags: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([(type << 4) | (flags & 0x0f)]), varint(body.length), body]);
}

export function connect(opts: {
  clientId: string;
  username?: string | Buffer;
  password?: string;
  keepalive?: number;
}): Buffer {
  let flags = 0x02; // clean session
  if (opts.username !== undefined) flags |= 0x80;
  if (opts.password !== undefined) flags |= 0x40;
  const body = Buffer.concat([
    str('MQTT'),
    Buffer.from([4, flags]),
    u16(opts.keepalive ?? 30),
    str(opts.clientId),
    ...(opts.username !== undefined ? [str(opts.username)] : []),
    ...(opts.password !== undefined ? [str(opts.password)] : []),
  ]);
  return frame(1, 0, body);
}

export function publish(topic: string, payload: Buffer | string, qos: number, messageId = 1): Buffer {
  const body = Buffer.concat([str(topic), ...(qos > 0 ? [u16(messageId)] : []), Buffer.from(payload)]);
  return frame(3, (qos & 3) << 1, body);
}

export function subscribe(messageId: number, filters: Array<{ topic: string; qos: number }>): Buffer {
  return frame(
    8,
    2,
    Buffer.concat([u16(messageId), ...filters.map((f) => Buffer.concat([str(f.topic), Buffer.from([f.qos])]))]),
  );
}

export const PINGREQ = Buffer.from([0xc0, 0]);
export const DISCONNECT = Buffer.from([0xe0, 0]);

/** Topics a device uses (and near misses). */
export const DEVICE_TOPICS = [
  'v1/devices/me/telemetry',
  'v1/devices/me/attributes',
  'v1/devices/me/attributes/request/1',
  'v1/devices/me/attributes/request/abc',
  'v1/devices/me/rpc/request/1',
  'v1/devices/me/rpc/response/1',
  'v1/devices/me/rpc/response/99999999999999999999',
  'v1/devices/me/rpc/response/-1',
  'v1/devices/me/claim',
  '/provision/request',
  'v1/gateway/telemetry',
  'v1/devices/me/',
  '$SYS/broker',
  '#',
  '+/+',
  '',
];

const FILTERS = [
  'v1/devices/me/attributes',
  'v1/devices/me/attributes/response/+',
  'v1/devices/me/rpc/request/+',
  'v1/devices/me/rpc/response/#',
  '#',
  '$SYS/#',
  'a/#/b',
  '+',
  '',
];

/** Device-shaped payloads (telemetry with ts, attributes, RPC, claim) and hostile ones. */
const payload: fc.Arbitrary<Buffer> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc
    .record({
      ts: fc.oneof(fc.integer(), fc.constantFrom('\u0000RAW:huge-exponent\u0000', -1, 2 ** 63)),
      values: fc.dictionary(nastyString, nastyValue, { maxKeys: 3 }),
    })
    .map((v) => Buffer.from(toJsonText(v))),
  fc.dictionary(nastyString, nastyValue, { maxKeys: 4 }).map((v) => Buffer.from(toJsonText(v))),
  fc.record({ method: nastyString, params: nastyValue }).map((v) => Buffer.from(toJsonText(v))),
  fc.record({ secretKey: nastyString, durationMs: nastyValue }).map((v) => Buffer.from(toJsonText(v))),
  nastyValue.map((v) => Buffer.from(toJsonText(v))),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constantFrom(Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('{"a":"\\u0000"}'), Buffer.alloc(70_000, 0x61)),
);

const topic = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...DEVICE_TOPICS) },
  { weight: 1, arbitrary: nastyString },
);

/** One packet after CONNECT: mostly well-formed, sometimes malformed. */
const packet: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(topic, payload, fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 65535 }))
      .map(([t, p, q, id]) => publish(t, p, q, id)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 65535 }),
        fc.array(
          fc.record({ topic: fc.oneof(fc.constantFrom(...FILTERS), nastyString), qos: fc.integer({ min: 0, max: 3 }) }),
          { maxLength: 3 },
        ),
      )
      .map(([id, f]) => subscribe(id, f)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      PINGREQ,
      frame(10, 2, Buffer.concat([u16(1), str('v1/devices/me/attributes')])),
      frame(6, 2, u16(7)),
      frame(4, 0, u16(1)),
      DISCONNECT,
    ),
  },
  // Reserved packet types and flags, a CONNECT again, a length that announces far more than follows.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }), fc.uint8Array({ maxLength: 40 }))
      .map(([t, f, b]) => frame(t, f, Buffer.from(b))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]),
      Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]),
      Buffer.from([0x32, 0x05, 0x00]),
    ),
  },
);

/** How the frame sequence is cut on the wire: whole, truncated, or one byte flipped. */
const mangle = fc.oneof(
  { weight: 6, arbitrary: fc.constant((b: Buffer) => b) },
  { weight: 1, arbitrary: fc.nat().map((n) => (b: Buffer) => b.subarray(0, b.length ? n % b.length : 0)) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([n, v]) => (b: Buffer) => {
      const c = Buffer.from(b);
      if (c.length) c[n % c.length] = v;
      return c;
    }),
  },
);

/** A whole conversation from one hostile or broken client, as bytes. */
export function sessionBytes(tokens: { valid: string[] }): fc.Arbitrary<Buffer> {
  const credentials = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...tokens.valid).map((username) => ({ username })) },
    {
      weight: 1,
      arbitrary: fc.record({ username: nastyString, password: fc.option(nastyString, { nil: undefined }) }),
    },
    { weight: 1, arbitrary: fc.constant({ username: 'provision' }) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const clientId = fc.oneof(
    fc.constantFrom('', 'fuzz', 'x'.repeat(300)),
    nastyString.map((s) => s.slice(0, 500)),
  );
  const conversation = fc
    .tuple(credentials, clientId, fc.array(packet, { maxLength: 6 }), mangle)
    .map(([cred, id, packets, cut]) => cut(Buffer.concat([connect({ clientId: id, ...cred }), ...packets])));
  return fc.oneof(
    { weight: 8, arbitrary: conversation },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 600 }).map((a) => Buffer.from(a)) },
    { weight: 1, arbitrary: packet },
  );
}
