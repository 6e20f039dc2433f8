import { afterAll, describe, expect, it } from 'vitest';
import { QuickJsScriptRunner } from '../../lib/sandbox/quickjs-script-runner.ts';
import { jsSwitchNode } from './js-switch.node.ts';
import { fakeServices, makeMsg, startNode } from './data-node-test-kit.ts';

// The real sandbox: results cross it as JSON, as they will in production.
const scripts = new QuickJsScriptRunner();
afterAll(() => scripts.close());
const services = fakeServices({ scripts });
const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, services);

describe('switch node', () => {
  it('routes down one relation or several', async () => {
    const n = await start(jsSwitchNode, jsSwitchNode.defaultConfiguration);
    const telemetry = makeMsg();
    expect(await n.send(telemetry)).toEqual([{ relation: ['two'], msg: telemetry }]);
    const other = makeMsg({ type: 'POST_ATTRIBUTES_REQUEST' });
    expect((await n.send(other))[0]!.relation).toEqual(['one', 'nine']);
  });

  it('accepts a single relation name and drops a message routed nowhere', async () => {
    const n = await start(jsSwitchNode, {
      jsScript: "if (msg.temperature > 50) return 'Hot'; return [];",
    });
    expect((await n.send(makeMsg({ json: { temperature: 60 } })))[0]!.relation).toBe('Hot');
    expect(await n.send(makeMsg({ json: { temperature: 10 } }))).toEqual([]);
  });

  it('fails when the script returns something else', async () => {
    const n = await start(jsSwitchNode, { jsScript: 'return 5;' });
    await expect(n.send(makeMsg())).rejects.toThrow('Wrong result type: NUMBER');
  });
});
