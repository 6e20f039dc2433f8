import { afterAll, describe, expect, it } from 'vitest';
import { QuickJsScriptRunner } from '../../lib/sandbox/quickjs-script-runner.ts';
import { transformMsgNode } from './transform-msg.node.ts';
import { dataOf, fakeServices, makeMsg, startNode } from './data-node-test-kit.ts';

// The real sandbox: results cross it as JSON, as they will in production.
const scripts = new QuickJsScriptRunner();
afterAll(() => scripts.close());
const services = fakeServices({ scripts });
const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, services);

describe('script transform node', () => {
  it('replaces payload, metadata and type, keeping id and originator', async () => {
    const n = await start(transformMsgNode, {
      jsScript:
        'return {msg: {tempF: msg.temperature * 9 / 5 + 32}, metadata: {unit: "F", count: 2}, msgType: "CUSTOM"};',
    });
    const msg = makeMsg({ json: { temperature: 100 } });
    const [out] = await n.send(msg);
    expect(out!.relation).toBe('Success');
    expect(dataOf(out!)).toEqual({ tempF: 212 });
    expect(out!.msg.metaData).toEqual({ unit: 'F', count: '2' });
    expect(out!.msg.type).toBe('CUSTOM');
    expect(out!.msg.originator).toEqual(msg.originator);
    expect(out!.msg.id).toBe(msg.id);
  });

  it('keeps the parts the script leaves out', async () => {
    const n = await start(transformMsgNode, { jsScript: 'metadata.extra = "1"; return {metadata: metadata};' });
    const msg = makeMsg();
    const [out] = await n.send(msg);
    expect(out!.msg.data).toBe(msg.data);
    expect(out!.msg.type).toBe(msg.type);
    expect(out!.msg.metaData).toEqual({ deviceName: 'Thermo 1', extra: '1' });
  });

  it('fails when the script returns no object', async () => {
    const n = await start(transformMsgNode, { jsScript: 'return "x";' });
    await expect(n.send(makeMsg())).rejects.toThrow('Wrong result type: STRING');
  });
});
