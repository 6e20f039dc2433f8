import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { scaled } from './timeouts.ts';

// The server as `npm start` runs it, for the tests that must kill a real process (durability).
const ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  proc: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server on the embedded database in `dataDir` (demo data, quiet logs); MQTT off unless given. */
export function spawnServer(dataDir: string, port: number, mqttPort = 0): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DEMO: '1',
    // The demo building's history is for people looking at charts; these tests restart servers.
    DEMO_HISTORY_DAYS: '0',
    DEMO_SIMULATOR: '0',
    DATA_DIR: dataDir,
    BCRYPT_ROUNDS: '4',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-10_000)));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, stderr: () => err, exit };
}

/** Resolves once `/api/health` answers 200; fails when the process exits first or time runs out. */
export async function waitHealthy(port: number, server: ServerProcess, timeoutMs = scaled(60_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exit.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy: ${server.stderr()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms: ${server.stderr()}`);
}
