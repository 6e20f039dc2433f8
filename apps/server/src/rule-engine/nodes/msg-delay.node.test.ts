import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_REACHED, msgDelayNode } from './msg-delay.node.ts';
import { makeMsg, startNode } from './data-node-test-kit.ts';

describe('delay node', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds a message for the period, then sends it to Success', async () => {
    const n = await startNode(msgDelayNode, { periodInSeconds: 5, maxPendingMsgs: 10 });
    const msg = makeMsg();
    expect(await n.send(msg)).toEqual([]);
    vi.advanceTimersByTime(4999);
    expect(n.emitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(n.emitted).toHaveLength(1);
    expect(n.emitted[0]!.relation).toBe('Success');
    expect(n.emitted[0]!.msg).toMatchObject({ data: msg.data, type: msg.type, originator: msg.originator });
  });

  it('refuses messages over the pending limit', async () => {
    const n = await startNode(msgDelayNode, { periodInSeconds: 1, maxPendingMsgs: 2 });
    await n.send(makeMsg());
    await n.send(makeMsg());
    await expect(n.send(makeMsg())).rejects.toThrow(MAX_PENDING_REACHED);
    vi.advanceTimersByTime(1000);
    expect(n.emitted).toHaveLength(2);
    await expect(n.send(makeMsg())).resolves.toEqual([]);
  });

  it('reads the period from metadata with the pattern option', async () => {
    const n = await startNode(msgDelayNode, {
      periodInSeconds: 60,
      maxPendingMsgs: 10,
      useMetadataPeriodInSecondsPatterns: true,
      periodInSecondsPattern: '${delay}',
    });
    await n.send(makeMsg({ metaData: { delay: '2' } }));
    vi.advanceTimersByTime(2000);
    expect(n.emitted).toHaveLength(1);
    await expect(n.send(makeMsg({ metaData: {} }))).rejects.toThrow(
      "Can't parse period in seconds from metadata using pattern: ${delay}",
    );
  });

  it('drops pending messages when destroyed', async () => {
    const n = await startNode(msgDelayNode, msgDelayNode.defaultConfiguration);
    await n.send(makeMsg());
    await n.node.destroy?.();
    vi.advanceTimersByTime(120_000);
    expect(n.emitted).toEqual([]);
  });
});
