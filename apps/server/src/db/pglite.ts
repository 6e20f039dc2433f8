import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { poolDb, type Db } from './database.ts';
import { WalCheckpointer } from './pglite-checkpoints.ts';

export interface PgliteOptions {
  /** Folder on disk; undefined = in memory. */
  dataDir?: string;
  /** A tarball from dumpDataDir to start from (fast fresh databases in tests). */
  loadDataDir?: string;
  /** Reports a failed background checkpoint (the app passes its logger). */
  onError?: (err: unknown) => void;
  /** Lets the process exit while the database is open (a test worker's reused database). */
  unref?: boolean;
}

export interface PgliteDb extends Db {
  /** Writes the whole database as a tarball (test templates). */
  dump(file: string): Promise<void>;
}

function waitFor(worker: Worker, type: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: { type: string; message?: string }) => {
      if (msg.type === type) {
        cleanup();
        resolve();
      } else if (msg.type === 'error') {
        cleanup();
        reject(new Error(`Embedded database: ${msg.message}`));
      }
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`Embedded database worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('exit', onExit);
  });
}

/** Starts PGlite in a worker thread and returns a one-connection pool to it. */
export async function startPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-pgl-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    },
  });
  try {
    await waitFor(worker, 'ready');
  } catch (err) {
    await worker.terminate();
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  if (options.unref) {
    worker.unref();
    // Such a database may still be open when the process ends: its socket folder goes with it.
    process.once('exit', () => fs.rmSync(socketDir, { recursive: true, force: true }));
  }
  // One connection: PGlite is single-session, so transactions must never interleave.
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', () => {});
  let closed = false;
  const db = poolDb(pool, 'pglite', async () => {
    if (closed) return;
    closed = true;
    worker.postMessage({ type: 'close' });
    await waitFor(worker, 'closed').catch(() => {});
    await worker.terminate(); // PGlite keeps the worker's event loop alive after close
    fs.rmSync(socketDir, { recursive: true, force: true });
  });
  const checkpoints = new WalCheckpointer(db);
  if (options.onError) checkpoints.onError = options.onError;
  checkpoints.start();
  return {
    ...db,
    async close() {
      await checkpoints.stop();
      await db.close();
    },
    async dump(file: string) {
      worker.postMessage({ type: 'dump', path: file });
      await waitFor(worker, 'dumped');
    },
  };
}
