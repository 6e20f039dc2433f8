import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Exclusive lock on DATA_DIR: two processes opening one PGlite store corrupt it, so a second
 * process must stop with a message naming the holder. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'sapo.lock');
  const info: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        holder = undefined;
      }
      const sameHost = holder?.host === os.hostname();
      if (holder && (!sameHost || alive(holder.pid))) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
          { cause: err },
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
