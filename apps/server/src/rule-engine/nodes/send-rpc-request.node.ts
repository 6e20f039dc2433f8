// rpc.TbSendRPCRequestNode "rpc call request": sends `{method, params}` from the message to the
// originating device; Success carries the device's reply, Failure `{"error":"TIMEOUT"}`-like data.
import { DEVICE_OFFLINE, NO_REPLY } from '../../modules/rpc/rpc.service.ts';
import { entityExists } from '../lookups/data-entity.lookup.ts';
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { cfgNumber, derivedMsg, failureOut, msgObject } from './data-node-helpers.ts';

/** ThingsBoard's RpcError names. */
function rpcErrorName(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (message === NO_REPLY) return 'TIMEOUT';
  if (message === DEVICE_OFFLINE) return 'NO_ACTIVE_CONNECTION';
  return 'INTERNAL';
}

export const sendRpcRequestNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.rpc.TbSendRPCRequestNode',
  type: 'ACTION',
  name: 'rpc call request',
  description: 'Sends RPC call to device',
  details:
    'Expects messages with "method" and "params". Will forward response from device to next nodes.' +
    'If the RPC call request is originated by REST API call from user, will forward the response to user immediately.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { timeoutInSeconds: 60 },
  configurationFields: [
    { key: 'timeoutInSeconds', label: 'Timeout in seconds', kind: 'number', required: true, min: 0 },
  ],
  create(init) {
    const timeoutMs = Math.max(cfgNumber(init.configuration, 'timeoutInSeconds', 60), 0) * 1000;
    const { rpc, db, clock, logger } = init.services;
    // After a chain reload the answer has nowhere to go: it is dropped.
    let destroyed = false;
    const emit: typeof init.emit = (out) => {
      if (!destroyed) init.emit(out);
    };
    return {
      destroy() {
        destroyed = true;
      },
      async onMsg(msg) {
        if (msg.originator.entityType !== 'DEVICE') throw new Error('Message originator is not a device entity!');
        const json = msgObject(msg);
        if (!json || !('method' in json)) throw new Error('Method is not present in the message!');
        if (!('params' in json)) throw new Error('Params are not present in the message!');
        if (!(await entityExists(db, init.tenantId, msg.originator))) throw new Error('Device not found!');
        const oneway = (msg.metaData.oneway ?? '').toLowerCase() === 'true';
        const expiration = Number(msg.metaData.expirationTime);
        const timeout =
          msg.metaData.expirationTime && Number.isFinite(expiration) ? expiration - clock.now() : timeoutMs;
        const body = { method: String(json.method), params: json.params };
        // The reply may take the whole timeout: the message leaves now and the answer goes on later.
        rpc.callFromRule(msg.originator.id, body, oneway, timeout).then(
          (reply) => emit({ relation: 'Success', msg: derivedMsg(msg, { data: reply ?? '{}', dataType: 'JSON' }) }),
          (err: unknown) => {
            const name = rpcErrorName(err);
            if (name === 'INTERNAL') logger.warn({ err }, 'rule-engine rpc call failed');
            emit(failureOut(derivedMsg(msg, { data: JSON.stringify({ error: name }), dataType: 'JSON' }), name));
          },
        );
        return null;
      },
    };
  },
};
