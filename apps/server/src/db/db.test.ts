import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPglite, type PgliteDb } from './pglite.ts';
import { migrate } from './migrate.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startEmptyPglite } from '../test/empty-pglite.ts';
import { scaled } from '../test/timeouts.ts';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe('migrate', () => {
  let db: PgliteDb;
  beforeAll(async () => {
    db = await startEmptyPglite();
  }, scaled(60_000));
  afterAll(() => db.close());

  it('applies every migration once; a second run applies nothing', async () => {
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toMatch(/^0001-/);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migration');
    expect(rows[0]?.n).toBe(first.length);
  });

  it('rolls a failing migration back entirely and keeps the earlier ones', async () => {
    const dir = tmp('sapo-mig-');
    try {
      fs.writeFileSync(path.join(dir, '0901-good.sql'), 'CREATE TABLE mig_good (id int);');
      fs.writeFileSync(
        path.join(dir, '0902-bad.sql'),
        'CREATE TABLE mig_half (id int);\nINSERT INTO mig_good VALUES (1);\nSELECT * FROM no_such_table;',
      );
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
      const tables = await db.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_name LIKE 'mig_%'",
      );
      expect(tables.map((r) => r.t)).toEqual(['mig_good']);
      expect(await db.query('SELECT * FROM mig_good')).toEqual([]);
      const versions = await db.query<{ version: number }>('SELECT version FROM schema_migration WHERE version > 900');
      expect(versions).toEqual([{ version: 901 }]);
      // Fixed, it applies on the next start.
      fs.writeFileSync(path.join(dir, '0902-bad.sql'), 'CREATE TABLE mig_half (id int);');
      expect(await migrate(db, dir)).toEqual(['0902-bad.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a transaction that throws, leaving no row', async () => {
    await db.query('CREATE TABLE tx_probe (id int)');
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT * FROM tx_probe')).toEqual([]);
    await db.tx((q) => q.query('INSERT INTO tx_probe VALUES (2)'));
    expect(await db.query('SELECT id FROM tx_probe')).toEqual([{ id: 2 }]);
  });
});

describe('embedded database on disk', () => {
  it(
    'keeps data across a close and reopen',
    async () => {
      const dir = tmp('sapo-disk-');
      try {
        const a = await startEmptyPglite(path.join(dir, 'db'));
        await a.query('CREATE TABLE kept (v text)');
        await a.query("INSERT INTO kept VALUES ('hello')");
        await a.close();
        const b = await startPglite({ dataDir: path.join(dir, 'db') });
        expect(await b.query('SELECT v FROM kept')).toEqual([{ v: 'hello' }]);
        await b.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    scaled(60_000),
  );
});

describe('lockDataDir', () => {
  it('refuses a second lock naming the holder pid, and frees the dir on release', () => {
    const dir = tmp('sapo-lock-');
    try {
      const release = lockDataDir(dir);
      expect(fs.existsSync(path.join(dir, 'sapo.lock'))).toBe(true);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid}\\b`));
      release();
      expect(fs.existsSync(path.join(dir, 'sapo.lock'))).toBe(false);
      const again = lockDataDir(dir);
      again();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = tmp('sapo-lock-');
    try {
      const file = path.join(dir, 'sapo.lock');
      fs.writeFileSync(
        file,
        JSON.stringify({ pid: 999999, host: os.hostname(), startedAt: new Date(0).toISOString() }),
      );
      const release = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
      release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over an unreadable lock file', () => {
    const dir = tmp('sapo-lock-');
    try {
      fs.writeFileSync(path.join(dir, 'sapo.lock'), 'garbage');
      const release = lockDataDir(dir);
      release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
