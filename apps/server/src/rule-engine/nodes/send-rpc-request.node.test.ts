import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RpcService, type RpcRequestMsg } from '../../modules/rpc/rpc.service.ts';
import type { Db } from '../../db/database.ts';
import { sendRpcRequestNode } from './send-rpc-request.node.ts';
import { sendRpcReplyNode } from './send-rpc-reply.node.ts';
import { dataOf, fakeServices, makeMsg, startNode, TENANT } from './data-node-test-kit.ts';

/** A db that knows one device of the tenant (the node checks ownership). */
const dbWithDevice = (deviceId: string) =>
  ({
    kind: 'pglite',
    async query(sql: string, params: unknown[]) {
      if (sql.includes('information_schema')) {
        return ['id', 'name', 'tenant_id', 'customer_id'].map((c) => ({ table_name: 'device', column_name: c }));
      }
      return params[0] === deviceId && params[1] === TENANT ? [{ id: deviceId, name: 'd' }] : [];
    },
  }) as unknown as Db;

describe('rpc call request node', () => {
  let delivered: RpcRequestMsg[];
  let online: boolean;
  let rpc: RpcService;
  beforeEach(() => {
    delivered = [];
    online = true;
    const access = { check: async () => ({ id: '', tenantId: TENANT, customerId: null, authority: null }) };
    const audit = { log: async () => {} } as unknown as ConstructorParameters<typeof RpcService>[1];
    rpc = new RpcService(access, audit, {
      deliverRpc: (_id, req) => {
        if (online) delivered.push(req);
        return online;
      },
    });
  });
  afterEach(() => rpc.close());

  const start = (deviceId: string, config: Record<string, unknown> = { timeoutInSeconds: 60 }) =>
    startNode(sendRpcRequestNode, config, fakeServices({ rpc, db: dbWithDevice(deviceId) }));

  it('sends method and params to the device and passes its reply on as the message data', async () => {
    const msg = makeMsg({ json: { method: 'setGpio', params: { pin: 4, value: 1 } } });
    const n = await start(msg.originator.id);
    expect(await n.send(msg)).toEqual([]);
    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    expect(delivered[0]).toMatchObject({ method: 'setGpio', params: { pin: 4, value: 1 } });
    expect(rpc.reply(msg.originator.id, delivered[0]!.id, '{"ok":true}')).toBe(true);
    await vi.waitFor(() => expect(n.emitted).toHaveLength(1));
    expect(n.emitted[0]!.relation).toBe('Success');
    expect(dataOf(n.emitted[0]!)).toEqual({ ok: true });
    expect(n.emitted[0]!.msg.originator).toEqual(msg.originator);
  });

  it('one-way calls succeed once delivered, with {} as data', async () => {
    const msg = makeMsg({ json: { method: 'reboot', params: {} }, metaData: { oneway: 'true' } });
    const n = await start(msg.originator.id);
    await n.send(msg);
    await vi.waitFor(() => expect(n.emitted).toHaveLength(1));
    expect(n.emitted[0]!.relation).toBe('Success');
    expect(n.emitted[0]!.msg.data).toBe('{}');
  });

  it('reports TIMEOUT when the device does not answer and NO_ACTIVE_CONNECTION when offline', async () => {
    const msg = makeMsg({ json: { method: 'm', params: 1 }, metaData: { expirationTime: String(Date.now() + 50) } });
    const n = await start(msg.originator.id);
    await n.send(msg);
    await vi.waitFor(() => expect(n.emitted).toHaveLength(1));
    expect(n.emitted[0]!.relation).toBe('Failure');
    expect(dataOf(n.emitted[0]!)).toEqual({ error: 'TIMEOUT' });
    expect(n.emitted[0]!.msg.metaData.error).toBe('TIMEOUT');

    online = false;
    await n.send({ ...msg, id: 'second' });
    await vi.waitFor(() => expect(n.emitted).toHaveLength(2));
    expect(dataOf(n.emitted[1]!)).toEqual({ error: 'NO_ACTIVE_CONNECTION' });
  });

  it('refuses messages it cannot send', async () => {
    const msg = makeMsg({ json: { method: 'm', params: {} } });
    const n = await start(msg.originator.id);
    await expect(n.send({ ...msg, originator: { entityType: 'ASSET', id: msg.originator.id } })).rejects.toThrow(
      'Message originator is not a device entity!',
    );
    await expect(n.send({ ...msg, data: '{"params":{}}' })).rejects.toThrow('Method is not present in the message!');
    await expect(n.send({ ...msg, data: '{"method":"m"}' })).rejects.toThrow('Params are not present in the message!');
    // A device of another tenant is never reached.
    const foreign = makeMsg({ json: { method: 'm', params: {} } });
    await expect(n.send(foreign)).rejects.toThrow('Device not found!');
    expect(delivered).toEqual([]);
  });
});

describe('rpc call reply node', () => {
  it('replies to the device request named in metadata with the message data', async () => {
    const replies: unknown[][] = [];
    const n = await startNode(
      sendRpcReplyNode,
      sendRpcReplyNode.defaultConfiguration,
      fakeServices({ replyToDeviceRpc: (...a) => void replies.push(a) }),
    );
    const msg = makeMsg({ type: 'TO_SERVER_RPC_REQUEST', metaData: { requestId: '7' }, json: { time: 1 } });
    expect((await n.send(msg))[0]!.relation).toBe('Success');
    expect(replies).toEqual([[msg.originator.id, 7, '{"time":1}']]);
    await expect(n.send({ ...msg, metaData: {} })).rejects.toThrow('Request id is not present in the metadata!');
    await expect(n.send({ ...msg, data: '' })).rejects.toThrow('Request body is empty!');
  });
});
