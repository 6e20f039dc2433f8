import pg from 'pg';

// int8 columns hold epoch-ms times and counts: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Inside `Db.tx` only: runs `fn` once the transaction committed (never after a rollback). */
  afterCommit?(fn: () => void): void;
}

/**
 * Runs `fn` once what was written through `q` is visible to everyone: after the commit inside a
 * transaction, at once otherwise. For telling other parts of the app (events) about a change.
 */
export function afterCommit(q: Queryable, fn: () => void): void {
  if (q.afterCommit) q.afterCommit(fn);
  else fn();
}

/** The one async interface the app uses for both backends (embedded PGlite and PostgreSQL). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await client.query(sql, params as unknown[]);
      return res.rows as T[];
    },
  };
}

/** Wraps a pg pool; the embedded backend is a pool of one connection to PGlite's socket. */
export function poolDb(pool: pg.Pool, kind: Db['kind'], onClose: () => Promise<void> = async () => {}): Db {
  return {
    kind,
    ...queryable(pool),
    async tx(fn) {
      const client = await pool.connect();
      const committed: (() => void)[] = [];
      let result;
      try {
        await client.query('BEGIN');
        result = await fn({ ...queryable(client), afterCommit: (f) => void committed.push(f) });
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
      for (const f of committed) {
        try {
          f();
        } catch {
          // a listener's bug must not fail a change that is already committed
        }
      }
      return result;
    },
    async close() {
      await pool.end();
      await onClose();
    },
  };
}

export function connectPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  return poolDb(pool, 'postgres');
}
