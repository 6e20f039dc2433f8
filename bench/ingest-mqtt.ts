// A lean MQTT 3.1.1 device for the ingestion bench: CONNECT with a username, QoS 1 PUBLISH, PUBACK
// tracking. Hand-written over a plain socket because a full client (mqtt.js) costs about one core per
// 65–90 k msg/s on this box (reference/performance-anchors.md), and the generator shares the 2 cores
// with the server it measures.
import net from 'node:net';

/** Called with the packet id of each PUBACK. */
export type PubackHandler = (packetId: number) => void;

function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

function str(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

export function connectPacket(clientId: string, username: string, keepAliveSec = 0): Buffer {
  const header = Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x82, keepAliveSec >> 8, keepAliveSec & 0xff]);
  const body = Buffer.concat([header, str(clientId), str(username)]);
  return Buffer.concat([Buffer.from([0x10, ...remainingLength(body.length)]), body]);
}

/** A QoS 1 PUBLISH; the topic is passed pre-encoded (length-prefixed) so it is built once. */
export function publishPacket(topic: Buffer, packetId: number, payload: string): Buffer {
  const payloadLen = Buffer.byteLength(payload);
  const rest = topic.length + 2 + payloadLen;
  const rl = remainingLength(rest);
  const buf = Buffer.allocUnsafe(1 + rl.length + rest);
  let o = 0;
  buf[o++] = 0x32;
  for (const b of rl) buf[o++] = b;
  o += topic.copy(buf, o);
  buf.writeUInt16BE(packetId, o);
  o += 2;
  buf.write(payload, o, 'utf8');
  return buf;
}

export const encodeTopic = str;

/** One device connection. `connect()` resolves on CONNACK 0 and rejects on a refusal or socket error. */
export class RawMqttDevice {
  private socket: net.Socket | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private connack: { resolve: () => void; reject: (e: Error) => void } | undefined;
  closed = false;

  constructor(
    private readonly port: number,
    private readonly clientId: string,
    private readonly username: string,
    private readonly onPuback: PubackHandler,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.connack = { resolve, reject };
      const s = net.connect({ port: this.port, host: '127.0.0.1', noDelay: true });
      this.socket = s;
      s.on('connect', () => s.write(connectPacket(this.clientId, this.username)));
      s.on('data', (d: Buffer) => this.onData(d));
      s.on('error', (err) => this.fail(err));
      s.on('close', () => {
        this.closed = true;
        this.fail(new Error(`${this.clientId}: connection closed`));
      });
    });
  }

  /** Sends a QoS 1 PUBLISH and returns its packet id (1…65535, wrapping). */
  publish(topic: Buffer, payload: string): number {
    const id = this.nextId;
    this.nextId = id === 0xffff ? 1 : id + 1;
    this.socket!.write(publishPacket(topic, id, payload));
    return id;
  }

  close(): void {
    this.socket?.destroy();
  }

  private fail(err: Error) {
    const c = this.connack;
    this.connack = undefined;
    c?.reject(err);
  }

  private onData(d: Buffer) {
    let buf = this.pending.length ? Buffer.concat([this.pending, d]) : d;
    for (;;) {
      if (buf.length < 2) break;
      // Remaining length: up to 4 bytes, 7 bits each.
      let len = 0;
      let mul = 1;
      let i = 1;
      let complete = false;
      while (i < buf.length && i <= 4) {
        const b = buf[i++]!;
        len += (b & 0x7f) * mul;
        mul *= 128;
        if ((b & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || buf.length < i + len) break;
      const type = buf[0]! >> 4;
      if (type === 4) this.onPuback(buf.readUInt16BE(i));
      else if (type === 2) {
        const rc = buf[i + 1]!;
        const c = this.connack;
        this.connack = undefined;
        if (rc === 0) c?.resolve();
        else c?.reject(new Error(`${this.clientId}: CONNACK refused (${rc})`));
      }
      buf = buf.subarray(i + len);
    }
    this.pending = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
  }
}
