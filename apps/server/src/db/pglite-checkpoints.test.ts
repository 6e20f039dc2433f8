import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteDb } from './pglite.ts';
import { startEmptyPglite } from '../test/empty-pglite.ts';
import { WalCheckpointer } from './pglite-checkpoints.ts';
import { scaled } from '../test/timeouts.ts';

const MB = 1024 * 1024;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database WAL checkpoints', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-wal-'));
  let db: PgliteDb;
  let now = 1_000_000;
  const clock = { now: () => now };
  beforeAll(async () => {
    db = await startEmptyPglite(dataDir);
    await db.query('CREATE TABLE wal_fill (id int, pad text)');
  }, scaled(60_000));
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const redo = async () =>
    (await db.query<{ lsn: string }>('SELECT redo_lsn::text AS lsn FROM pg_control_checkpoint()'))[0]!.lsn;
  /** About `mb` megabytes of WAL. */
  const write = (mb: number) =>
    db.query(`INSERT INTO wal_fill SELECT g, repeat('x', 900) FROM generate_series(1, $1) g`, [mb * 1100]);
  const walSegments = () => fs.readdirSync(path.join(dataDir, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n));

  it('does not zero-fill new WAL segments nor log whole pages after a checkpoint', async () => {
    expect(await db.query('SHOW wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
    expect(await db.query('SHOW full_page_writes')).toEqual([{ full_page_writes: 'off' }]);
  });

  it('checkpoints once enough WAL was written, and not before', async () => {
    const cp = new WalCheckpointer(db, clock, { everyBytes: 4 * MB, everyMs: 60_000, checkMs: 1000 });
    await cp.tick(); // whatever the setup wrote
    const before = await redo();
    await write(1);
    expect(await cp.tick()).toBe(false);
    expect(await redo()).toBe(before);
    await write(4);
    expect(await cp.tick()).toBe(true);
    expect(await redo()).not.toBe(before);
    expect(await cp.tick()).toBe(false); // nothing new since
  });

  it('checkpoints after everyMs when anything was written, never when idle', async () => {
    await db.query('CHECKPOINT');
    const cp = new WalCheckpointer(db, clock, { everyBytes: 512 * MB, everyMs: 60_000, checkMs: 1000 });
    const idle = await redo();
    now += 61_000;
    expect(await cp.tick()).toBe(false); // nothing written since the last checkpoint
    expect(await redo()).toBe(idle);
    await write(1);
    expect(await cp.tick()).toBe(true);
    const afterFirst = await redo();
    expect(afterFirst).not.toBe(idle);
    await write(1);
    now += 30_000;
    expect(await cp.tick()).toBe(false); // written, but not yet due
    now += 31_000;
    expect(await cp.tick()).toBe(true);
    expect(await redo()).not.toBe(afterFirst);
  });

  it(
    'keeps pg_wal bounded under a steady write load',
    async () => {
      const cp = new WalCheckpointer(db, clock, { everyBytes: 16 * MB, everyMs: 60_000, checkMs: 1000 });
      // ~160 MB of WAL: ten segments' worth written without checkpoints would leave ten more files.
      for (let i = 0; i < 20; i++) {
        await write(8);
        await cp.tick();
      }
      expect(walSegments().length).toBeLessThanOrEqual(8);
    },
    scaled(120_000),
  );
});
