import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from '../../lib/logger.ts';
import type { Services } from '../../services.ts';
import { MAX_DEVICE_PAYLOAD_BYTES } from '../device/device-payload.ts';
import { deviceClientId, provisionClientId } from './mqtt-client-id.ts';
import { DeviceMqttSession, type MqttSession, ProvisionMqttSession } from './mqtt-session.ts';
import { PROVISION_USER } from './mqtt-topics.ts';

export interface MqttTransportOptions {
  services: Services;
  /** 0 picks a free port (tests). */
  port: number;
  host?: string;
  logger: Logger;
}

export interface MqttTransport {
  port: number;
  close(): Promise<void>;
}

/** Room for the fixed header, topic and properties around a 64 KiB payload. */
const MAX_PACKET_BYTES = MAX_DEVICE_PAYLOAD_BYTES + 4096;
const NOT_AUTHORIZED = 5;
const SERVER_UNAVAILABLE = 3;

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

interface PacketParser {
  packet: { length: number };
  _parseLength: (this: PacketParser) => boolean;
  _emitError(err: Error): void;
}

/**
 * Stops a connection as soon as a packet announces more than the limit, before its bytes are
 * buffered. aedes 1.2 has no option for it, so this wraps its mqtt-packet parser's length step;
 * if that internal API ever changes the payload check in MqttSession.publish still applies.
 */
function limitPacketSize(client: Client, max: number): void {
  const parser = (client as unknown as { _parser?: PacketParser })._parser;
  if (!parser || typeof parser._parseLength !== 'function') return;
  const parseLength = parser._parseLength;
  parser._parseLength = function (this: PacketParser) {
    const ok = parseLength.call(this);
    if (ok && this.packet.length > max) {
      this._emitError(new Error(`MQTT packet of ${this.packet.length} bytes is over the limit`));
      return false;
    }
    return ok;
  };
}

/**
 * The MQTT device transport (reference §6) on aedes: devices authenticate with an access token as
 * user name, MQTT basic credentials, or as `provision`. Every publish is handled in
 * authorizePublish — QoS 1 is acknowledged after the write committed — and never forwarded;
 * messages to a device are written to its own connection only.
 */
export async function startMqttTransport(opts: MqttTransportOptions): Promise<MqttTransport> {
  const { services, logger } = opts;
  const log = logger.child({ transport: 'mqtt' });
  const sessions = new WeakMap<Client, MqttSession>();

  const broker = await Aedes.createBroker({
    // Device client ids (MQTT basic credentials) may be up to 255 characters.
    maxClientsIdLength: 256,
    // Runs before aedes takes over an older session or loads a stored one: the id it uses from
    // here on names the authenticated device (see mqtt-client-id.ts).
    authenticate(client, username, password, done) {
      const user = username ?? '';
      if (user === PROVISION_USER || client.id === PROVISION_USER) {
        client.id = provisionClientId();
        sessions.set(client, new ProvisionMqttSession(client, services, log));
        return done(null, true);
      }
      const pass = password ? password.toString('utf8') : '';
      services.deviceAuth
        .byAccessToken(user)
        .then((device) => device ?? services.deviceAuth.byMqttBasic(client.id, user, pass))
        .then(
          (device) => {
            if (!device) return done(authError(NOT_AUTHORIZED, 'Not authorized'), false);
            client.id = deviceClientId(device.id, client.id);
            sessions.set(client, new DeviceMqttSession(client, services, log, device));
            done(null, true);
          },
          (err: unknown) => {
            log.error({ err }, 'MQTT authentication failed');
            done(authError(SERVER_UNAVAILABLE, 'Server unavailable'), false);
          },
        );
    },
    authorizePublish(client, packet, done) {
      const session = client && sessions.get(client);
      if (!session) return done(new Error('Not authorized'));
      session.publish(packet, done);
    },
    authorizeSubscribe(client, sub, done) {
      const session = sessions.get(client);
      done(null, session ? session.subscribe(sub) : null);
    },
    // Only what the server writes to a client goes out: device publishes carry their client id.
    authorizeForward: (_client, packet) => ((packet as { clientId?: string }).clientId === undefined ? packet : null),
  });

  broker.on('clientReady', (client) => sessions.get(client)?.start());
  broker.on('clientDisconnect', (client) => sessions.get(client)?.stop());
  broker.on('unsubscribe', (filters, client) => {
    const session = sessions.get(client);
    for (const f of filters) session?.unsubscribe(f);
  });
  broker.on('clientError', (client, err) =>
    log.debug({ clientId: client.id, reason: err.message }, 'MQTT client error'),
  );

  const server = net.createServer((socket) => {
    const client = broker.handle(socket);
    limitPacketSize(client, MAX_PACKET_BYTES);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;

  return {
    port,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await stopped;
    },
  };
}
