import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FRAME_ARRAYS } from '../transports/ws/ws-session.ts';
import { type Msg, WsTestClient, wsUrl } from '../transports/ws/ws-test-client.ts';
import { isForeign } from './isolation-model.ts';
import { type Actor, type Entity, type IsolationWorld, buildWorld } from './isolation-world.ts';

/**
 * The isolation matrix over the telemetry WebSocket (issue 18): every subscribing command of
 * /api/ws/plugins/telemetry, for every role, aimed at other tenants' and customers' entities.
 * Subscriptions must be refused (v1: errorCode 3) or come back empty (v2), and stay silent when
 * the foreign entities change afterwards.
 */
const KINDS = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'TENANT', 'USER', 'DASHBOARD'];
const ref = (e: Entity) => ({ entityType: e.kind, id: e.id });
const pageLink = { pageSize: 10, page: 0 };
const TYPED = ['DEVICE', 'ASSET', 'ENTITY_VIEW'] as const;

/** Entity filters that name entities (the others select the caller's own by type or name). */
const filters = (e: Entity) => [
  { type: 'singleEntity', singleEntity: ref(e) },
  { type: 'entityList', entityType: e.kind, entityList: [e.id] },
  { type: 'relationsQuery', rootEntity: ref(e), direction: 'FROM', maxLevel: 1, filters: [] },
];

type Gen = (cmdId: () => number, e: Entity) => Msg[];
/** One generator per command list; an unknown list fails the test ("add a fixture for …"). */
const COMMANDS: Record<string, Gen | string> = {
  tsSubCmds: (id, e) => [{ cmdId: id(), entityType: e.kind, entityId: e.id, scope: 'LATEST_TELEMETRY' }],
  attrSubCmds: (id, e) => [{ cmdId: id(), entityType: e.kind, entityId: e.id }],
  historyCmds: (id, e) => [
    { cmdId: id(), entityType: e.kind, entityId: e.id, keys: 'temperature', startTs: 0, endTs: Date.now() + 1e6 },
  ],
  entityDataCmds: (id, e) =>
    filters(e).map((entityFilter) => ({
      cmdId: id(),
      query: { entityFilter, pageLink, entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }] },
      latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'temperature' }] },
    })),
  entityCountCmds: (id, e) => filters(e).map((entityFilter) => ({ cmdId: id(), query: { entityFilter } })),
  alarmDataCmds: (id, e) =>
    filters(e).map((entityFilter) => ({ cmdId: id(), query: { entityFilter, pageLink: { ...pageLink } } })),
  entityDataUnsubscribeCmds: 'names only a cmdId of the session itself',
  alarmDataUnsubscribeCmds: 'names only a cmdId of the session itself',
  entityCountUnsubscribeCmds: 'names only a cmdId of the session itself',
};

let t: TestApp;
let w: IsolationWorld;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  url = await wsUrl(t);
}, 300_000);
afterAll(() => t?.close());

/** Subscribes to everything foreign to the actor; returns the socket and the cmdIds by list. */
async function subscribeAll(actor: Actor) {
  const ws = await WsTestClient.connect(`${url}?token=${actor.token}`);
  let next = 1;
  const sent = new Map<number, string>();
  const frame: Record<string, Msg[]> = {};
  for (const [list, gen] of Object.entries(COMMANDS)) {
    if (typeof gen === 'string') continue;
    for (const e of w.entities) {
      if (!KINDS.includes(e.kind) || !isForeign(actor, e)) continue;
      for (const cmd of gen(() => next++, e)) {
        sent.set(cmd.cmdId, `${list} ${e.label}`);
        (frame[list] ??= []).push(cmd);
      }
    }
  }
  // Filters by type name no entity: they select what the caller may see, and nothing else.
  const counted = new Map<number, string>();
  for (const entityType of TYPED) {
    const entityFilter = { type: 'entityType', entityType };
    for (const [list, query] of [
      ['entityDataCmds', { entityFilter, pageLink, entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }] }],
      ['entityCountCmds', { entityFilter }],
      ['alarmDataCmds', { entityFilter, pageLink: { ...pageLink } }],
    ] as const) {
      const cmdId = next++;
      sent.set(cmdId, `${list} all ${entityType}`);
      if (list === 'entityCountCmds') counted.set(cmdId, entityType);
      (frame[list] ??= []).push({ cmdId, query });
    }
  }
  ws.send(frame);
  return { ws, sent, counted };
}

describe('WebSocket isolation matrix', () => {
  it('knows every command list a frame may carry', () => {
    const unknown = FRAME_ARRAYS.filter((f) => !(f in COMMANDS));
    expect(unknown.map((f) => `add a fixture for WebSocket command ${f}`)).toEqual([]);
  });

  it.each(['t1', 'cA', 'pub', 'sys'] as const)(
    '%s: refused or empty, and silent when foreign data changes',
    async (key) => {
      const actor = w.actors[key];
      const { ws, sent, counted } = await subscribeAll(actor);
      const answers = new Map<number, Msg>();
      for (const id of sent.keys()) answers.set(id, await ws.sub(id, 15_000));
      const foreign = w.entities.filter((e) => isForeign(actor, e));
      const problems: string[] = [];
      for (const [id, m] of answers) {
        const what = sent.get(id)!;
        if ('subscriptionId' in m && m.errorCode === 0) problems.push(`${what}: v1 subscription accepted`);
        if ('subscriptionId' in m && m.data) problems.push(`${what}: v1 data ${JSON.stringify(m.data)}`);
        const kind = counted.get(id);
        const visible = kind ? w.entities.filter((e) => e.kind === kind && !isForeign(actor, e)).length : 0;
        // Exactly what the caller sees: more would count others' entities, an error would prove nothing.
        if (kind && visible > 0 && m.count !== visible) problems.push(`${what}: count ${m.count}, sees ${visible}`);
        if (m.cmdUpdateType === 'COUNT_DATA' && m.count > visible)
          problems.push(`${what}: count ${m.count} > ${visible}`);
        if (!what.includes(' all ') && m.data?.totalElements)
          problems.push(`${what}: ${m.data.totalElements} entities`);
      }
      // The foreign entities change: nothing of it may reach this socket.
      const admins = { t1: w.actors.t1.token, t2: w.actors.t2.token };
      for (const e of foreign.filter((f) => f.kind === 'DEVICE' && f.tenant)) {
        const token = admins[e.tenant!];
        await t.request('POST', `/api/plugins/telemetry/DEVICE/${e.id}/timeseries/ANY`, {
          token,
          body: { temperature: 77 },
        });
        await t.request('POST', '/api/alarm', {
          token,
          body: { type: 'Later', originator: ref(e), severity: 'MAJOR' },
        });
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const m of ws.messages) {
        const text = JSON.stringify(m);
        const leaked = foreign.filter((e) => text.includes(e.id));
        if (leaked.length)
          problems.push(`message naming ${leaked.map((e) => e.label).join(', ')}: ${text.slice(0, 200)}`);
      }
      for (const m of answers.values()) {
        const text = JSON.stringify(m);
        const leaked = foreign.filter((e) => text.includes(e.id));
        if (leaked.length)
          problems.push(`answer naming ${leaked.map((e) => e.label).join(', ')}: ${text.slice(0, 200)}`);
      }
      ws.close();
      expect(sent.size).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    },
  );

  it('closes a socket without a token before any command runs', async () => {
    const ws = await WsTestClient.connect(url);
    const e = w.entities.find((x) => x.kind === 'DEVICE')!;
    ws.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: e.id }] });
    expect(await ws.closed).toEqual({ code: 1008, reason: 'Authentication required' });
    expect(ws.messages).toEqual([]);
  });
});
