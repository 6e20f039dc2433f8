// Event bodies in ThingsBoard's shapes (spec 1-client §3.8): debug in/out, errors, lifecycle.
import type { EventSink, RuleEvent, TbMsg } from './rule-engine-types.ts';

export const SERVER_NAME = 'sapo';

/** Never lets a failing sink break message processing. */
export function recordSafe(sink: EventSink, event: RuleEvent): void {
  try {
    sink.record(event);
  } catch {
    // events are diagnostics: losing one must not lose the message
  }
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : 'Unknown error';
}

export function debugNodeEvent(
  tenantId: string,
  nodeId: string,
  type: 'IN' | 'OUT',
  msg: TbMsg,
  ts: number,
  relationType?: string,
  error?: string,
): RuleEvent {
  const body: Record<string, unknown> = {
    type,
    server: SERVER_NAME,
    entityId: msg.originator.id,
    entityName: msg.originator.entityType,
    msgId: msg.id,
    msgType: msg.type,
    dataType: msg.dataType,
    data: msg.data,
    metadata: JSON.stringify(msg.metaData),
  };
  if (relationType !== undefined) body.relationType = relationType;
  if (error !== undefined) body.error = error;
  return { tenantId, entityType: 'RULE_NODE', entityId: nodeId, eventType: 'DEBUG_RULE_NODE', body, ts };
}

export function debugChainEvent(tenantId: string, chainId: string, msg: TbMsg, ts: number): RuleEvent {
  const e = debugNodeEvent(tenantId, chainId, 'IN', msg, ts);
  return { ...e, entityType: 'RULE_CHAIN', eventType: 'DEBUG_RULE_CHAIN' };
}

export function errorEvent(
  tenantId: string,
  entityType: 'RULE_NODE' | 'RULE_CHAIN',
  entityId: string,
  method: string,
  error: string,
  ts: number,
): RuleEvent {
  return { tenantId, entityType, entityId, eventType: 'ERROR', body: { server: SERVER_NAME, method, error }, ts };
}

export function lifecycleEvent(
  tenantId: string,
  nodeId: string,
  event: 'STARTED' | 'STOPPED',
  ts: number,
  error?: string,
): RuleEvent {
  const body: Record<string, unknown> = { server: SERVER_NAME, event, success: error === undefined };
  if (error !== undefined) body.error = error;
  return { tenantId, entityType: 'RULE_NODE', entityId: nodeId, eventType: 'LC_EVENT', body, ts };
}

export function statsEvent(tenantId: string, nodeId: string, processed: number, errors: number, ts: number): RuleEvent {
  const body = { server: SERVER_NAME, messagesProcessed: processed, errorsOccurred: errors };
  return { tenantId, entityType: 'RULE_NODE', entityId: nodeId, eventType: 'STATS', body, ts };
}

const STORAGE_FAILURE = Symbol('storageFailure');

/**
 * Marks an error of a node that persists data (save time series / attributes). When such a
 * failure is not handled by a `Failure` connection, `submit` rejects, so the device is not told
 * "stored" (no HTTP 200, no PUBACK) for data that was not.
 */
export function storageFailure(err: unknown): Error {
  const e = err instanceof Error ? err : new Error(errorText(err));
  (e as Error & { [STORAGE_FAILURE]?: true })[STORAGE_FAILURE] = true;
  return e;
}

export function isStorageFailure(err: unknown): err is Error {
  return err instanceof Error && (err as Error & { [STORAGE_FAILURE]?: true })[STORAGE_FAILURE] === true;
}
