import { describe, expect, it, vi } from 'vitest';
import { storageFailure } from './engine-events.ts';
import { chain, device, fakeNode, makeEngine, MemorySource, msgOf, sleep, TENANT } from './engine-test-kit.ts';
import type { TbMsg } from './rule-engine-types.ts';

/** A node that records what it saw and answers with a fixed relation. */
function recorder(clazz: string, relation: string | string[] = 'Success') {
  const seen: TbMsg[] = [];
  return { seen, def: fakeNode(clazz, (msg) => (seen.push(msg), { relation, msg })) };
}

describe('rule engine: routing', () => {
  it('sends each output down the connections of its relation only, and fans out to every match', async () => {
    const a = recorder('A', 'Yes');
    const b = recorder('B');
    const c = recorder('C');
    const d = recorder('D');
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['a', 'A'],
          ['b', 'B'],
          ['c', 'C'],
          ['d', 'D'],
        ],
        [
          ['a', 'b', 'Yes'],
          ['a', 'd', 'Yes'],
          ['a', 'c', 'No'],
        ],
      ),
    ];
    const { engine } = makeEngine([a.def, b.def, c.def, d.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect([a.seen.length, b.seen.length, c.seen.length, d.seen.length]).toEqual([1, 1, 0, 1]);
  });

  it('a relation list and an array of outputs fan out; a connection takes a message once', async () => {
    const multi = fakeNode('M', (msg) => [
      { relation: ['x', 'y'], msg },
      { relation: 'z', msg: { ...msg, data: '{"second":true}' } },
    ]);
    const x = recorder('X');
    const z = recorder('Z');
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['m', 'M'],
          ['x', 'X'],
          ['z', 'Z'],
        ],
        [
          ['m', 'x', 'x'],
          ['m', 'x', 'y'],
          ['m', 'z', 'z'],
        ],
      ),
    ];
    const { engine } = makeEngine([multi, x.def, z.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    // two connections (x, y) to the same node: each delivers once → 2; z once with the new data
    expect(x.seen.length).toBe(2);
    expect(z.seen.map((m) => m.data)).toEqual(['{"second":true}']);
  });

  it('a thrown error goes to Failure with metadata "error"; an unconnected Failure just ends', async () => {
    const boom = fakeNode('Boom', () => {
      throw new Error('bad value');
    });
    const f = recorder('F');
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['a', 'Boom'],
          ['f', 'F'],
          ['b', 'Boom'],
        ],
        [['a', 'f', 'Failure']],
      ),
    ];
    const { engine, events } = makeEngine([boom, f.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(f.seen[0]!.metaData.error).toBe('bad value');
    expect(f.seen[0]!.metaData.deviceName).toBe('Dev');
    expect(events.of('ERROR', 'a')[0]!.body).toMatchObject({ method: 'onMsg', error: 'bad value' });

    src.chains = [chain('c1', [['b', 'Boom']], [])];
    await engine.reloadTenant(TENANT);
    await expect(engine.submit(TENANT, msgOf({ t: 2 }))).resolves.toBeUndefined();
  });

  it('an unknown class or a bad configuration records LC_EVENT/ERROR and sends messages to Failure', async () => {
    const picky = fakeNode('Picky', (msg) => ({ relation: 'Success', msg }), {
      create: (init) => {
        if (!init.configuration.ok) throw new Error('Field ok is required');
      },
    });
    const f = recorder('F');
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['u', 'org.Unknown'],
          ['p', 'Picky'],
          ['f', 'F'],
        ],
        [
          ['u', 'p', 'Failure'],
          ['p', 'f', 'Failure'],
        ],
      ),
    ];
    const { engine, events } = makeEngine([picky, f.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(f.seen[0]!.metaData.error).toBe('Field ok is required');
    expect(events.of('LC_EVENT', 'u')[0]!.body).toMatchObject({
      event: 'STARTED',
      success: false,
      error: 'Unknown Rule Node class: org.Unknown',
    });
    expect(events.of('LC_EVENT', 'p')[0]!.body).toMatchObject({ success: false, error: 'Field ok is required' });
    expect(events.of('LC_EVENT', 'f')[0]!.body).toMatchObject({ server: 'sapo', event: 'STARTED', success: true });
  });

  it('forwards to another chain through a node-to-chain connection', async () => {
    const a = recorder('A');
    const b = recorder('B');
    const src = new MemorySource();
    src.chains = [
      chain('root', [['a', 'A']], [], { chainConnections: [['a', 'other', 'Success']] }),
      chain('other', [['b', 'B']], [], { root: false }),
    ];
    const { engine } = makeEngine([a.def, b.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(b.seen.length).toBe(1);
  });

  it("device messages go to the profile's default chain when it has one, else to root", async () => {
    const a = recorder('A');
    const b = recorder('B');
    const src = new MemorySource();
    src.chains = [chain('root', [['a', 'A']], []), chain('profileChain', [['b', 'B']], [], { root: false })];
    const { engine } = makeEngine([a.def, b.def], src, {
      chainOfDevice: (_t, id) => (id === 'special' ? Promise.resolve('profileChain') : null),
    });
    await engine.submit(TENANT, msgOf({ t: 1 }, device('special')));
    await engine.submit(TENANT, msgOf({ t: 1 }, device('plain')));
    expect([a.seen.length, b.seen.length]).toEqual([1, 1]);
  });
});

describe('rule engine: completion, order and limits', () => {
  it('submit resolves only after async node work (a storage write) finished on every branch', async () => {
    let stored = 0;
    const slow = fakeNode('Slow', async (msg) => {
      await sleep(30);
      stored++;
      return { relation: 'Success', msg };
    });
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['s', 'Slow'],
          ['s2', 'Slow'],
        ],
        [['s', 's2', 'Success']],
      ),
    ];
    const { engine } = makeEngine([slow], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(stored).toBe(2);
  });

  it('processes messages of one originator in submission order, others in parallel', async () => {
    const log: string[] = [];
    const node = fakeNode('Step', async (msg) => {
      const { n } = JSON.parse(msg.data) as { n: number };
      log.push(`start ${msg.originator.id}${n}`);
      await sleep(n === 1 ? 40 : 5);
      log.push(`end ${msg.originator.id}${n}`);
      return { relation: 'Success', msg };
    });
    const src = new MemorySource();
    src.chains = [chain('c1', [['s', 'Step']], [])];
    const { engine } = makeEngine([node], src);
    await Promise.all([
      engine.submit(TENANT, msgOf({ n: 1 }, device('a'))),
      engine.submit(TENANT, msgOf({ n: 2 }, device('a'))),
      engine.submit(TENANT, msgOf({ n: 1 }, device('b'))),
    ]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    // b1 ran alongside a1
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('over the in-flight cap, submit waits until earlier messages finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;
    const node = fakeNode('Gate', async (msg) => {
      started++;
      await gate;
      return { relation: 'Success', msg };
    });
    const src = new MemorySource();
    src.chains = [chain('c1', [['g', 'Gate']], [])];
    const { engine } = makeEngine([node], src, { maxInFlight: 2 });
    const done: number[] = [];
    const all = [1, 2, 3].map((i) => engine.submit(TENANT, msgOf({ i }, device(`d${i}`))).then(() => done.push(i)));
    await sleep(30);
    expect(started).toBe(2);
    expect(engine.inFlight).toBe(2);
    release();
    await Promise.all(all);
    expect(started).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('stops a message that loops after maxRuleNodeExecutionsPerMessage executions, with an ERROR event', async () => {
    let runs = 0;
    const again = fakeNode('Again', (msg) => (runs++, { relation: 'Success', msg }));
    const src = new MemorySource();
    src.chains = [chain('c1', [['a', 'Again']], [['a', 'a', 'Success']])];
    const { engine, events } = makeEngine([again], src, { maxExecutionsOf: async () => 25 });
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(runs).toBe(25);
    expect(events.of('ERROR', 'a')[0]!.body.error).toContain('stopped after 25 rule node executions');
  });

  it('a never-ending node holds its originator only until the time cap', async () => {
    const stuck = fakeNode('Stuck', () => new Promise(() => {}));
    const src = new MemorySource();
    src.chains = [chain('c1', [['s', 'Stuck']], [])];
    const { engine } = makeEngine([stuck], src, { submitTimeoutMs: 50 });
    const t0 = Date.now();
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(Date.now() - t0).toBeLessThan(1000);
    await engine.stop(10);
  });

  it('an unhandled storage failure rejects submit (the device is not told "stored"); a handled one does not', async () => {
    const disk = fakeNode('Disk', () => Promise.reject(storageFailure(new Error('disk full'))));
    const f = recorder('F');
    const src = new MemorySource();
    src.chains = [chain('c1', [['s', 'Disk']], [])];
    const { engine } = makeEngine([disk, f.def], src);
    await expect(engine.submit(TENANT, msgOf({ t: 1 }))).rejects.toThrow('disk full');
    src.chains = [
      chain(
        'c1',
        [
          ['s', 'Disk'],
          ['f', 'F'],
        ],
        [['s', 'f', 'Failure']],
      ),
    ];
    await engine.reloadTenant(TENANT);
    await expect(engine.submit(TENANT, msgOf({ t: 1 }))).resolves.toBeUndefined();
    expect(f.seen.length).toBe(1);
  });
});

describe('rule engine: lifecycle and debug', () => {
  it('loads chains lazily once; reloadTenant picks up a changed chain and stops the old nodes', async () => {
    const a = recorder('A');
    const b = recorder('B');
    let destroyed = 0;
    const withDestroy = fakeNode('A2', (msg) => ({ relation: 'Success', msg }), { destroy: () => void destroyed++ });
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['x', 'A2'],
          ['a', 'A'],
        ],
        [['x', 'a', 'Success']],
      ),
    ];
    const { engine, events } = makeEngine([a.def, b.def, withDestroy], src);
    await engine.reloadTenant(TENANT); // nothing loaded yet: no-op
    expect(src.loads).toBe(0);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    await engine.submit(TENANT, msgOf({ t: 2 }));
    expect(src.loads).toBe(1);
    src.chains = [
      chain(
        'c1',
        [
          ['x', 'A2'],
          ['b', 'B'],
        ],
        [['x', 'b', 'Success']],
      ),
    ];
    await engine.reloadTenant(TENANT);
    await engine.submit(TENANT, msgOf({ t: 3 }));
    expect([a.seen.length, b.seen.length, destroyed]).toEqual([2, 1, 1]);
    // concurrent reloads: every replaced runtime is stopped, none leaks
    await Promise.all([engine.reloadTenant(TENANT), engine.reloadTenant(TENANT)]);
    expect(destroyed).toBe(3);
    expect(events.of('LC_EVENT', 'x').map((e) => e.body.event)).toEqual([
      'STARTED',
      'STARTED',
      'STOPPED',
      'STARTED',
      'STOPPED',
      'STARTED',
      'STOPPED',
    ]);
  });

  it('drops a message with an ERROR event when the tenant has no root chain', async () => {
    const src = new MemorySource();
    const { engine, events } = makeEngine([], src);
    await engine.submit(TENANT, msgOf({ t: 1 }));
    expect(events.of('ERROR')[0]!.body.error).toContain('no root rule chain');
  });

  it('records DEBUG_RULE_NODE in/out events for debug nodes and DEBUG_RULE_CHAIN for debug chains', async () => {
    const a = recorder('A', 'Yes');
    const boom = fakeNode('Boom', () => {
      throw new Error('nope');
    });
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['a', 'A', { debug: true }],
          ['b', 'Boom', { debug: true }],
          ['q', 'A'],
        ],
        [['a', 'b', 'Yes']],
        { debugMode: true },
      ),
    ];
    const { engine, events } = makeEngine([a.def, boom], src);
    const msg = msgOf({ temperature: 22 });
    await engine.submit(TENANT, msg);
    const [inA, outA] = events.of('DEBUG_RULE_NODE', 'a');
    expect(inA!.body).toEqual({
      type: 'IN',
      server: 'sapo',
      entityId: 'd1',
      entityName: 'DEVICE',
      msgId: msg.id,
      msgType: 'POST_TELEMETRY_REQUEST',
      dataType: 'JSON',
      data: '{"temperature":22}',
      metadata: '{"deviceName":"Dev"}',
    });
    expect(outA!.body).toMatchObject({ type: 'OUT', relationType: 'Yes' });
    const outB = events.of('DEBUG_RULE_NODE', 'b').find((e) => e.body.type === 'OUT');
    expect(outB!.body).toMatchObject({ relationType: 'Failure', error: 'nope' });
    expect(events.of('ERROR', 'b').length).toBe(1);
    expect(events.of('DEBUG_RULE_CHAIN', 'c1').length).toBe(1);
    expect(events.of('DEBUG_RULE_NODE', 'q').length).toBe(0);
  });

  it('records STATS per node (messagesProcessed, errorsOccurred) while started', async () => {
    const a = recorder('A');
    const boom = fakeNode('Boom', () => {
      throw new Error('x');
    });
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['a', 'A'],
          ['b', 'Boom'],
        ],
        [['a', 'b', 'Success']],
      ),
    ];
    const { engine, events } = makeEngine([a.def, boom], src, { statsIntervalMs: 20 });
    engine.start();
    await engine.submit(TENANT, msgOf({ t: 1 }));
    await engine.submit(TENANT, msgOf({ t: 2 }));
    await vi.waitFor(() => expect(events.of('STATS', 'b').length).toBeGreaterThan(0));
    await engine.stop(10);
    expect(events.of('STATS', 'a')[0]!.body).toEqual({ server: 'sapo', messagesProcessed: 2, errorsOccurred: 0 });
    expect(events.of('STATS', 'b')[0]!.body).toMatchObject({ messagesProcessed: 2, errorsOccurred: 2 });
    // counters restart after each report: idle nodes report nothing
    expect(events.of('STATS', 'a')).toHaveLength(1);
  });

  it('a node may emit messages on its own (generator, delay): they follow its connections', async () => {
    let emit!: (m: TbMsg) => void;
    const gen = fakeNode('Gen', () => null, {
      create: (init) => void (emit = (m) => init.emit({ relation: 'Success', msg: m })),
    });
    const a = recorder('A');
    const src = new MemorySource();
    src.chains = [
      chain(
        'c1',
        [
          ['g', 'Gen'],
          ['a', 'A'],
        ],
        [['g', 'a', 'Success']],
      ),
    ];
    const { engine } = makeEngine([gen, a.def], src);
    await engine.submit(TENANT, msgOf({ t: 1 })); // loads the tenant; the generator consumes it
    expect(a.seen.length).toBe(0);
    emit(msgOf({ generated: true }));
    await sleep(5);
    expect(a.seen.map((m) => m.data)).toEqual(['{"generated":true}']);
  });
});
