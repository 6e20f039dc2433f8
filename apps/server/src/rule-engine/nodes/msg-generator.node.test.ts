import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msgGeneratorNode } from './msg-generator.node.ts';
import { dataOf, fakeServices, startNode } from './data-node-test-kit.ts';

describe('generator node', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('emits the default script message every period, from the rule node itself', async () => {
    const n = await startNode(msgGeneratorNode, msgGeneratorNode.defaultConfiguration);
    await vi.advanceTimersByTimeAsync(999);
    expect(n.emitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(n.emitted).toHaveLength(1);
    const out = n.emitted[0]!;
    expect(out.relation).toBe('Success');
    expect(out.msg.type).toBe('POST_TELEMETRY_REQUEST');
    expect(dataOf(out)).toEqual({ temp: 42, humidity: 77 });
    expect(out.msg.metaData).toEqual({ data: '40' });
    expect(out.msg.originator.entityType).toBe('RULE_NODE');
    await vi.advanceTimersByTimeAsync(3000);
    expect(n.emitted).toHaveLength(4);
    await n.node.destroy?.();
    await vi.advanceTimersByTimeAsync(5000);
    expect(n.emitted).toHaveLength(4);
  });

  it('builds on the previous message and stops after msgCount, from the configured originator', async () => {
    const deviceId = '22222222-2222-2222-2222-222222222222';
    const n = await startNode(msgGeneratorNode, {
      msgCount: 3,
      periodInSeconds: 2,
      originatorType: 'DEVICE',
      originatorId: deviceId,
      jsScript:
        'var n = (prevMsg.n || 0) + 1; let msg = {n: n};\n' +
        "return {msg: msg, metadata: {prevType: prevMsgType || 'none'}, msgType: 'CUSTOM'};",
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(n.emitted.map((o) => dataOf(o))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(n.emitted.map((o) => o.msg.metaData.prevType)).toEqual(['none', 'CUSTOM', 'CUSTOM']);
    expect(n.emitted[0]!.msg.originator).toEqual({ entityType: 'DEVICE', id: deviceId });
    expect(new Set(n.emitted.map((o) => o.msg.id)).size).toBe(3);
    await n.node.destroy?.();
  });

  it('keeps going when the script fails once', async () => {
    const n = await startNode(msgGeneratorNode, {
      msgCount: 0,
      periodInSeconds: 1,
      jsScript: 'if (!prevMsg.ok) return {msg: {ok: true}}; throw new Error("boom");',
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(n.emitted).toHaveLength(1);
    await n.node.destroy?.();
  });
});

describe('generator node in the real sandbox', () => {
  it('gives the script prevMsg, prevMetadata and prevMsgType and lets it declare msg', async () => {
    const { QuickJsScriptRunner } = await import('../../lib/sandbox/quickjs-script-runner.ts');
    const scripts = new QuickJsScriptRunner();
    try {
      const n = await startNode(
        msgGeneratorNode,
        {
          msgCount: 2,
          periodInSeconds: 1,
          jsScript:
            'let msg = {n: (prevMsg.n || 0) + 1};\n' +
            "return {msg: msg, metadata: {prev: prevMsgType || 'none', keys: Object.keys(prevMetadata).length}, msgType: 'GEN'};",
        },
        fakeServices({ scripts }),
      );
      await vi.waitFor(() => expect(n.emitted).toHaveLength(2), { timeout: 8000 });
      expect(n.emitted.map((o) => dataOf(o))).toEqual([{ n: 1 }, { n: 2 }]);
      expect(n.emitted[1]!.msg.metaData).toEqual({ prev: 'GEN', keys: '2' });
      await n.node.destroy?.();
    } finally {
      await scripts.close();
    }
  });
});
