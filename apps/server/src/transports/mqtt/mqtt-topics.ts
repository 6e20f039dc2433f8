/** Device topics of ThingsBoard 3.2 (reference §6, MqttTopics.java). */
export const TOPIC = {
  telemetry: 'v1/devices/me/telemetry',
  attributes: 'v1/devices/me/attributes',
  attributesRequest: 'v1/devices/me/attributes/request/',
  attributesResponse: 'v1/devices/me/attributes/response/',
  rpcRequest: 'v1/devices/me/rpc/request/',
  rpcResponse: 'v1/devices/me/rpc/response/',
  claim: 'v1/devices/me/claim',
  provisionRequest: '/provision/request',
  provisionResponse: '/provision/response',
} as const;

/** What a device may subscribe to; every other filter is refused (SUBACK 0x80). */
export type SubscriptionKind = 'attributes' | 'attributesResponse' | 'rpcRequest' | 'rpcResponse' | 'provisionResponse';

export const DEVICE_SUBSCRIPTIONS: ReadonlyMap<string, SubscriptionKind> = new Map([
  [TOPIC.attributes, 'attributes'],
  [`${TOPIC.attributesResponse}+`, 'attributesResponse'],
  [`${TOPIC.attributesResponse}#`, 'attributesResponse'],
  [`${TOPIC.rpcRequest}+`, 'rpcRequest'],
  [`${TOPIC.rpcRequest}#`, 'rpcRequest'],
  [`${TOPIC.rpcResponse}+`, 'rpcResponse'],
  [`${TOPIC.rpcResponse}#`, 'rpcResponse'],
]);

export const PROVISION_SUBSCRIPTIONS: ReadonlyMap<string, SubscriptionKind> = new Map([
  [TOPIC.provisionResponse, 'provisionResponse'],
]);

/**
 * Device publishes are handled by the transport and then re-addressed to this topic, which nobody
 * can subscribe to: one device's messages never reach another client, and aedes does no fan-out work.
 */
export const SINK_TOPIC = '$sapo/device-publish';

/** The user name (or client id) a device connects with to provision itself. */
export const PROVISION_USER = 'provision';
