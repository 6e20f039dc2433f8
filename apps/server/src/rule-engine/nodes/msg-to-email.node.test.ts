import { describe, expect, it } from 'vitest';
import { msgToEmailNode } from './msg-to-email.node.ts';
import { dataOf, makeMsg, startNode } from './data-node-test-kit.ts';

describe('to email node', () => {
  it('fills the templates from metadata and makes a SEND_EMAIL message', async () => {
    const n = await startNode(msgToEmailNode, {
      ...msgToEmailNode.defaultConfiguration,
      ccTemplate: 'boss@example.com',
    });
    const msg = makeMsg({
      metaData: { userEmail: 'ops@example.com', deviceType: 'thermostat', deviceName: 'T1', temp: '42' },
    });
    const [out] = await n.send(msg);
    expect(out!.relation).toBe('Success');
    expect(out!.msg.type).toBe('SEND_EMAIL');
    expect(dataOf(out!)).toEqual({
      from: 'info@testmail.org',
      to: 'ops@example.com',
      cc: 'boss@example.com',
      bcc: null,
      subject: 'Device thermostat temperature high',
      body: 'Device T1 has high temperature 42',
    });
  });

  it('leaves unknown placeholders as written', async () => {
    const n = await startNode(msgToEmailNode, { ...msgToEmailNode.defaultConfiguration, toTemplate: 'a@b.c' });
    const [out] = await n.send(makeMsg({ metaData: {} }));
    expect((dataOf(out!) as { body: string }).body).toBe('Device ${deviceName} has high temperature ${temp}');
  });

  it('fails without a destination', async () => {
    const empty = await startNode(msgToEmailNode, { ...msgToEmailNode.defaultConfiguration, toTemplate: '' });
    await expect(empty.send(makeMsg())).rejects.toThrow('Email destination can not be blank [to]');
  });
});
