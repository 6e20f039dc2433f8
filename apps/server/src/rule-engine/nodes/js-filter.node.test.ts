import { afterAll, describe, expect, it } from 'vitest';
import { QuickJsScriptRunner } from '../../lib/sandbox/quickjs-script-runner.ts';
import { jsFilterNode } from './js-filter.node.ts';
import { fakeServices, makeMsg, startNode } from './data-node-test-kit.ts';

// The real sandbox: results cross it as JSON, as they will in production.
const scripts = new QuickJsScriptRunner();
afterAll(() => scripts.close());
const services = fakeServices({ scripts });
const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, services);

describe('script filter node', () => {
  it('routes by the boolean the script returns, seeing msg, metadata and msgType', async () => {
    const n = await start(jsFilterNode, {
      jsScript:
        "return msg.temperature > 20 && metadata.deviceName === 'Thermo 1' && msgType === 'POST_TELEMETRY_REQUEST';",
    });
    const hot = makeMsg({ json: { temperature: 25 } });
    expect(await n.send(hot)).toEqual([{ relation: 'True', msg: hot }]);
    expect((await n.send(makeMsg({ json: { temperature: 5 } })))[0]!.relation).toBe('False');
  });

  it('uses the ThingsBoard default script', async () => {
    const n = await start(jsFilterNode, jsFilterNode.defaultConfiguration);
    expect((await n.send(makeMsg({ json: { temperature: 21 } })))[0]!.relation).toBe('True');
  });

  it('fails the message when the script does not return a boolean', async () => {
    const n = await start(jsFilterNode, { jsScript: 'return msg.temperature;' });
    await expect(n.send(makeMsg())).rejects.toThrow('Wrong result type: NUMBER');
  });

  it('passes a script error on as the failure', async () => {
    const n = await start(jsFilterNode, { jsScript: 'return msg.a.b.c;' });
    await expect(n.send(makeMsg())).rejects.toThrow(/TypeError|undefined|cannot read/i);
  });
});
