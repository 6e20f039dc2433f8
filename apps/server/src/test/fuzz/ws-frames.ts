import fc from 'fast-check';
import { nastyString, nastyValue, toJsonText } from './nasty.ts';

/** What the fuzzer subscribes to: real ids and keys, so commands get past "not found". */
export interface WsTargets {
  deviceIds: string[];
  keys: string[];
  token: string;
}

/** A WebSocket frame: text (maybe not JSON, maybe not UTF-8) or binary. */
export type WsFrame = { text: string } | { binary: Buffer } | { invalidUtf8: Buffer };

/** A field value: mostly of the right kind, sometimes anything at all. */
const either = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: nastyValue });

function commands(t: WsTargets) {
  const cmdId = either(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(-1, 2 ** 31, 2 ** 53, '7')));
  const entityType = either(fc.constantFrom('DEVICE', 'ASSET', 'TENANT', 'CUSTOMER', 'device', ''));
  const entityId = either(fc.constantFrom(...t.deviceIds, '13814000-1dd2-11b2-8080-808080808080', 'x'));
  const keys = either(fc.oneof(fc.constantFrom(...t.keys), fc.constant(t.keys.join(',')), nastyString));
  const ts = either(
    fc.oneof(fc.integer({ min: -1, max: 2 ** 31 }), fc.constantFrom(1_700_000_000_000, 2 ** 53, -(2 ** 53))),
  );
  const agg = either(fc.constantFrom('NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT', 'avg'));
  const v1 = fc.record(
    {
      cmdId,
      entityType,
      entityId,
      keys,
      scope: either(fc.constantFrom('SERVER_SCOPE', 'CLIENT_SCOPE', 'LATEST_TELEMETRY')),
      startTs: ts,
      endTs: ts,
      timeWindow: ts,
      interval: ts,
      limit: ts,
      agg,
      unsubscribe: either(fc.boolean()),
    },
    { requiredKeys: ['cmdId'] },
  );
  const keyRef = fc.record({
    type: either(fc.constantFrom('TIME_SERIES', 'ATTRIBUTE', 'ENTITY_FIELD', 'SERVER_ATTRIBUTE')),
    key: either(fc.constantFrom(...t.keys, 'name')),
  });
  const entityFilter = either(
    fc.oneof(
      fc.record({ type: fc.constant('singleEntity'), singleEntity: fc.record({ entityType, id: entityId }) }),
      fc.record({
        type: fc.constant('entityList'),
        entityType,
        entityList: either(fc.array(entityId, { maxLength: 3 })),
      }),
      fc.record({
        type: fc.constant('deviceType'),
        deviceType: either(fc.constant('default')),
        deviceNameFilter: either(nastyString),
      }),
      fc.record({
        type: either(fc.constantFrom('relationsQuery', 'apiUsageState', 'entityName', 'nope')),
        rootEntity: fc.record({ entityType, id: entityId }),
        maxLevel: ts,
      }),
    ),
  );
  const pageLink = either(
    fc.record(
      {
        page: ts,
        pageSize: ts,
        textSearch: either(nastyString),
        sortOrder: either(fc.record({ key: keyRef, direction: either(fc.constantFrom('ASC', 'DESC')) })),
        searchPropagatedAlarms: either(fc.boolean()),
        statusList: either(fc.array(fc.constantFrom('ACTIVE', 'ANY'))),
      },
      { requiredKeys: [] },
    ),
  );
  const query = either(
    fc.record(
      {
        entityFilter,
        pageLink,
        entityFields: either(fc.array(keyRef, { maxLength: 3 })),
        latestValues: either(fc.array(keyRef, { maxLength: 3 })),
        keyFilters: either(fc.array(nastyValue, { maxLength: 2 })),
      },
      { requiredKeys: [] },
    ),
  );
  const v2 = fc.record(
    {
      cmdId,
      query,
      latestCmd: either(fc.record({ keys: either(fc.array(keyRef, { maxLength: 3 })) })),
      tsCmd: either(
        fc.record({
          keys: either(fc.array(keys, { maxLength: 3 })),
          startTs: ts,
          timeWindow: ts,
          interval: ts,
          limit: ts,
          agg,
        }),
      ),
      historyCmd: either(
        fc.record({
          keys: either(fc.array(keys, { maxLength: 3 })),
          startTs: ts,
          endTs: ts,
          interval: ts,
          limit: ts,
          agg,
        }),
      ),
    },
    { requiredKeys: ['cmdId'] },
  );
  const unsub = fc.record({ cmdId });
  const list = <T>(arb: fc.Arbitrary<T>) => either(fc.array(arb, { maxLength: 3 }));
  return fc.record(
    {
      attrSubCmds: list(v1),
      tsSubCmds: list(v1),
      historyCmds: list(v1),
      entityDataCmds: list(v2),
      entityDataUnsubscribeCmds: list(unsub),
      alarmDataCmds: list(v2),
      alarmDataUnsubscribeCmds: list(unsub),
      entityCountCmds: list(v2),
      entityCountUnsubscribeCmds: list(unsub),
      authCmd: either(fc.record({ cmdId, token: either(fc.constantFrom(t.token, 'x.y.z', '')) })),
    },
    { requiredKeys: [] },
  );
}

/** One frame: command-shaped JSON mostly, else random JSON, huge arrays, binary, invalid UTF-8. */
export function wsFrame(t: WsTargets): fc.Arbitrary<WsFrame> {
  return fc.oneof(
    { weight: 8, arbitrary: commands(t).map((c) => ({ text: toJsonText(c) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: nastyValue.map((v) => ({ text: toJsonText(v) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {
          text: JSON.stringify({
            tsSubCmds: Array.from({ length: 3000 }, (_, i) => ({
              cmdId: i,
              entityType: 'DEVICE',
              entityId: t.deviceIds[0],
              keys: 'temperature',
            })),
          }),
        },
        {
          text: JSON.stringify({ entityDataUnsubscribeCmds: Array.from({ length: 20_000 }, (_, i) => ({ cmdId: i })) }),
        },
        { text: '{"tsSubCmds":[' },
        { text: '' },
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => ({ binary: Buffer.from(a) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { invalidUtf8: Buffer.from([0x7b, 0xed, 0xa0, 0x80, 0x7d]) },
        { invalidUtf8: Buffer.from([0xff, 0xfe]) },
      ),
    },
  );
}
