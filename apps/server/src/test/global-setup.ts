import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPglite } from '../db/pglite.ts';
import { connectPostgres, type Db } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { loadSigningKey } from '../modules/auth/token.service.ts';
import { installSystemData, loadDemoData } from '../demo/install.ts';
import { systemClock } from '../lib/clock.ts';
import { testConfig } from './test-config.ts';
import { snapshotSeed } from './seed-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
    /** A freshly initialised, empty PGlite cluster (no migrations), or null on PostgreSQL runs. */
    emptyPglite: string | null;
  }
}

async function seed(db: Db) {
  await migrate(db);
  const services = createServices({
    db,
    config: testConfig(),
    clock: systemClock,
    signingKey: await loadSigningKey(db),
    mailTransport: { send: async () => {} },
    userTokenAccessEnabled: true,
  });
  await installSystemData(db, services, systemClock);
  await loadDemoData(db, services, systemClock);
}

/** Builds one migrated, seeded database; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `sapo_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = connectPostgres(u.toString(), 2);
    await seed(db);
    await db.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    project.provide('emptyPglite', null);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-tpl-'));
  const file = path.join(dir, 'template.tar');
  const db = await startPglite();
  // initdb is the slow part of a new PGlite (about 25 s on a busy 2-core machine, against ~4 s to load
  // a dump): tests that need an empty database start from this copy of a fresh one.
  const empty = path.join(dir, 'empty.tar');
  await db.dump(empty);
  project.provide('emptyPglite', empty);
  await seed(db);
  await snapshotSeed(db); // for test-app.ts to reuse one database per worker
  await db.dump(file);
  await db.close();
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
