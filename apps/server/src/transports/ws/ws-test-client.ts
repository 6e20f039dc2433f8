import { WebSocket } from 'ws';
import type { TestApp } from '../../test/test-app.ts';
import { WS_PATH } from './ws.routes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test messages are checked field by field
export type Msg = any;

/** A real WebSocket client for tests: collects messages and lets a test wait for the one it expects. */
export class WsTestClient {
  readonly messages: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const msg: Msg = JSON.parse(String(data));
      const i = this.waiters.findIndex((w) => w.pred(msg));
      const w = i >= 0 ? this.waiters.splice(i, 1)[0] : undefined;
      if (w) w.resolve(msg);
      else this.messages.push(msg);
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async connect(url: string): Promise<WsTestClient> {
    const socket = new WebSocket(url);
    const client = new WsTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first message (already received or coming) that matches, within `timeoutMs`. */
  next(pred: (m: Msg) => boolean = () => true, timeoutMs = 5000): Promise<Msg> {
    const i = this.messages.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.messages.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = {
        pred,
        resolve: (m: Msg) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching websocket message; got ${JSON.stringify(this.messages).slice(0, 500)}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Message for a v1 subscription id / v2 cmdId. */
  sub(id: number, timeoutMs?: number): Promise<Msg> {
    return this.next((m) => m.subscriptionId === id || m.cmdId === id, timeoutMs);
  }

  /** Fails if a message for `id` arrives within `ms`. */
  async nothingFor(id: number, ms = 300): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    const got = this.messages.find((m) => m.subscriptionId === id || m.cmdId === id);
    if (got) throw new Error(`unexpected message ${JSON.stringify(got)}`);
  }

  close(): void {
    this.socket.close();
  }
}

/** Makes the test app listen on a free port and returns the WebSocket URL (without a token). */
export async function wsUrl(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}${WS_PATH}`;
}
