// Runs PGlite off the main thread and serves it over the Postgres wire protocol on a unix socket,
// so the app speaks plain `pg` to both backends. Plain JS: workers are not transpiled.
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, loadDataDir } = workerData;
let db;
let server;
try {
  // PGlite runs with fsync off (-F): a commit survives a crash of this process, not of the machine.
  // Two WAL settings only pay for machine crashes, and both cost the commits under load:
  // - wal_init_zero: a new 16 MB WAL segment was zero-filled first, which through the WASM file
  //   system stalled the commit crossing the boundary for 60-115 ms;
  // - full_page_writes: after every checkpoint (pglite-checkpoints.ts) the first change to each page
  //   logged the whole 8 kB page, up to doubling the WAL written. Torn pages need a machine crash.
  const options = {
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off', '-c', 'full_page_writes=off'],
  };
  if (loadDataDir) options.loadDataDir = new Blob([fs.readFileSync(loadDataDir)]);
  db = await PGlite.create(dataDir, options);
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}

parentPort.on('message', async (msg) => {
  try {
    if (msg.type === 'dump') {
      const file = await db.dumpDataDir('none');
      fs.writeFileSync(msg.path, Buffer.from(await file.arrayBuffer()));
      parentPort.postMessage({ type: 'dumped' });
    } else if (msg.type === 'close') {
      await server?.stop();
      await db?.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
