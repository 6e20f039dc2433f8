import type { Client, PublishPacket, Subscription } from 'aedes';
import { PayloadError } from '@sapo/common';
import type { Logger } from '../../lib/logger.ts';
import type { RpcRequestMsg } from '../../modules/rpc/rpc.service.ts';
import type { Services } from '../../services.ts';
import type { DeviceChannel } from '../device/device-sessions.ts';
import type { DeviceIdentity } from '../device/device-identity.ts';
import {
  MAX_DEVICE_PAYLOAD_BYTES,
  parseAttributeRequest,
  parseAttributes,
  parseClaim,
  parseClientRpc,
  parseDeviceJson,
  parseTelemetry,
} from '../device/device-payload.ts';
import {
  DEVICE_SUBSCRIPTIONS,
  PROVISION_SUBSCRIPTIONS,
  SINK_TOPIC,
  type SubscriptionKind,
  TOPIC,
} from './mqtt-topics.ts';

export type PublishCallback = (error?: Error | null) => void;

/** How long a provisioning connection may stay open after its answer (ThingsBoard: 60 s). */
const PROVISION_LINGER_MS = 60_000;

const text = (packet: PublishPacket): string =>
  typeof packet.payload === 'string' ? packet.payload : packet.payload.toString('utf8');

/** One MQTT connection: what it subscribed to and what its publishes mean. */
export abstract class MqttSession {
  /** Granted QoS per subscription kind; absent when not subscribed. */
  protected readonly subs = new Map<SubscriptionKind, 0 | 1>();
  private readonly filters = new Map<string, SubscriptionKind>();

  constructor(
    readonly client: Client,
    protected readonly services: Services,
    protected readonly log: Logger,
    private readonly allowed: ReadonlyMap<string, SubscriptionKind>,
  ) {}

  abstract start(): void;
  abstract stop(): void;
  protected abstract handle(topic: string, packet: PublishPacket, done: PublishCallback): void;

  /**
   * aedes' authorizePublish: the payload is checked and handled here, then re-addressed to the
   * sink topic so the broker forwards it to nobody.
   */
  publish(packet: PublishPacket, done: PublishCallback): void {
    const topic = packet.topic;
    packet.topic = SINK_TOPIC;
    packet.retain = false;
    if (packet.payload.length > MAX_DEVICE_PAYLOAD_BYTES) {
      this.log.warn(
        { clientId: this.client.id, bytes: packet.payload.length },
        'MQTT payload over 64 KiB: disconnecting',
      );
      return done(new Error('Payload too large'));
    }
    this.handle(topic, packet, done);
  }

  /**
   * aedes' authorizeSubscribe: known filters only. aedes echoes the requested QoS in the SUBACK;
   * messages to the device go at most at QoS 1, as ThingsBoard sends them.
   */
  subscribe(sub: Subscription): Subscription | null {
    const kind = this.allowed.get(sub.topic);
    if (!kind) {
      this.log.debug({ clientId: this.client.id, topic: sub.topic }, 'MQTT subscription refused');
      return null;
    }
    const qos = sub.qos > 0 ? 1 : 0;
    this.filters.set(sub.topic, kind);
    this.subs.set(kind, qos);
    this.subscribed(kind);
    return sub;
  }

  unsubscribe(filter: string): void {
    const kind = this.filters.get(filter);
    if (!kind) return;
    this.filters.delete(filter);
    if (![...this.filters.values()].includes(kind)) this.subs.delete(kind);
  }

  protected subscribed(_kind: SubscriptionKind): void {}

  /** To this client only (never through the broker's routing); QoS of its subscription, else 0. */
  protected send(topic: string, payload: unknown, kind: SubscriptionKind): void {
    if (this.client.closed) return;
    const message: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: Buffer.from(JSON.stringify(payload)),
      qos: this.subs.get(kind) ?? 0,
      retain: false,
      dup: false,
    };
    this.client.publish(message, (err) => {
      if (err) this.log.debug({ err, clientId: this.client.id, topic }, 'MQTT delivery failed');
    });
  }

  /** A payload ThingsBoard cannot parse closes the session, as there; other failures are logged. */
  protected failed(err: unknown, topic: string, done: PublishCallback): void {
    if (err instanceof PayloadError) {
      this.log.warn({ clientId: this.client.id, topic, reason: err.message }, 'invalid MQTT payload: disconnecting');
      return done(err);
    }
    this.log.error({ err, clientId: this.client.id, topic }, 'MQTT publish failed');
    done(err as Error);
  }
}

/** A device's session: telemetry, attributes, RPC and claims of reference §6. */
export class DeviceMqttSession extends MqttSession implements DeviceChannel {
  private removeChannel: (() => void) | undefined;

  constructor(
    client: Client,
    services: Services,
    log: Logger,
    readonly device: DeviceIdentity,
  ) {
    super(client, services, log, DEVICE_SUBSCRIPTIONS);
  }

  start(): void {
    this.removeChannel = this.services.deviceSessions.add(this.device.id, this);
    this.services.deviceState.onConnect(this.device);
    if (this.subs.has('rpcRequest')) this.services.deviceSessions.rpcReady(this.device.id);
  }

  stop(): void {
    if (!this.removeChannel) return;
    this.removeChannel();
    this.removeChannel = undefined;
    this.services.deviceState.onDisconnect(this.device);
  }

  attributesUpdate(payload: Record<string, unknown>): void {
    if (this.subs.has('attributes')) this.send(TOPIC.attributes, payload, 'attributes');
  }

  rpcRequest(req: RpcRequestMsg): boolean {
    if (!this.subs.has('rpcRequest') || this.client.closed) return false;
    this.send(`${TOPIC.rpcRequest}${req.id}`, { method: req.method, params: req.params }, 'rpcRequest');
    return true;
  }

  protected override subscribed(kind: SubscriptionKind): void {
    // After the SUBACK: requests queued for this device go out now.
    if (kind === 'rpcRequest' && this.removeChannel) {
      setImmediate(() => this.services.deviceSessions.rpcReady(this.device.id));
    }
  }

  protected handle(topic: string, packet: PublishPacket, done: PublishCallback): void {
    const api = this.services.deviceApi;
    api.activity(this.device);
    try {
      switch (topic) {
        case TOPIC.telemetry:
          return this.stored(
            api.saveTelemetry(this.device, parseTelemetry(text(packet), api.now())),
            topic,
            packet,
            done,
          );
        case TOPIC.attributes:
          return this.stored(api.saveClientAttributes(this.device, parseAttributes(text(packet))), topic, packet, done);
        case TOPIC.claim: {
          const { secretKey, durationMs } = parseClaim(text(packet));
          // A refused claim (say, the device has a customer) cannot be answered over MQTT: logged.
          const claimed = api.claim(this.device, secretKey, durationMs).catch((err: unknown) => {
            this.log.warn({ deviceId: this.device.id, reason: (err as Error).message }, 'device claim refused');
          });
          return this.stored(claimed, topic, packet, done);
        }
      }
      if (topic.startsWith(TOPIC.attributesRequest)) {
        const id = topic.slice(TOPIC.attributesRequest.length);
        const { clientKeys, sharedKeys } = parseAttributeRequest(text(packet));
        api.attributes(this.device, clientKeys, sharedKeys).then(
          (body) => this.send(`${TOPIC.attributesResponse}${id}`, body, 'attributesResponse'),
          (err: unknown) => this.log.error({ err, deviceId: this.device.id }, 'attribute request failed'),
        );
      } else if (topic.startsWith(TOPIC.rpcResponse)) {
        const id = topic.slice(TOPIC.rpcResponse.length);
        if (/^\d{1,10}$/.test(id)) api.rpcReply(this.device, Number(id), text(packet));
      } else if (topic.startsWith(TOPIC.rpcRequest)) {
        const id = topic.slice(TOPIC.rpcRequest.length);
        const request = parseClientRpc(text(packet));
        // clientRpc turns a failing handler into {"error":…}; a reply that cannot be sent (not JSON-
        // serialisable) is logged here rather than left as an unhandled rejection, which stops Node.
        api
          .clientRpc(this.device, request)
          .then((reply) => this.send(`${TOPIC.rpcResponse}${id}`, reply, 'rpcResponse'))
          .catch((err: unknown) => this.log.error({ err, deviceId: this.device.id }, 'client RPC reply failed'));
      }
      // Other topics (the gateway API among them) are acknowledged and ignored, as ThingsBoard does.
      done();
    } catch (err) {
      this.failed(err, topic, done);
    }
  }

  /** QoS 1: PUBACK only once committed (a failed write disconnects, so the device resends). QoS 0: at once. */
  private stored(write: Promise<void>, topic: string, packet: PublishPacket, done: PublishCallback): void {
    if (packet.qos > 0) {
      write.then(
        () => done(),
        (err: unknown) => this.failed(err, topic, done),
      );
    } else {
      done();
      write.catch((err: unknown) => this.log.error({ err, deviceId: this.device.id }, 'saving QoS 0 data failed'));
    }
  }
}

/** A `provision` connection: one request on /provision/request, the answer on /provision/response. */
export class ProvisionMqttSession extends MqttSession {
  private linger: NodeJS.Timeout | undefined;

  constructor(client: Client, services: Services, log: Logger) {
    super(client, services, log, PROVISION_SUBSCRIPTIONS);
  }

  start(): void {}

  stop(): void {
    if (this.linger) clearTimeout(this.linger);
  }

  protected handle(topic: string, packet: PublishPacket, done: PublishCallback): void {
    if (topic !== TOPIC.provisionRequest)
      return done(new Error(`Provisioning sessions may only publish to ${TOPIC.provisionRequest}`));
    let request: unknown;
    try {
      request = parseDeviceJson(text(packet));
    } catch (err) {
      return this.failed(err, topic, done);
    }
    done();
    this.services.deviceProvision.provision(request).then(
      (response) => {
        this.send(TOPIC.provisionResponse, response, 'provisionResponse');
        this.linger ??= setTimeout(() => this.client.close(), PROVISION_LINGER_MS);
        this.linger.unref();
      },
      (err: unknown) => this.log.error({ err }, 'device provisioning failed'),
    );
  }
}
