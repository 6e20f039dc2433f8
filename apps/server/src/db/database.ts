import pg from 'pg';

// int8 columns hold epoch-ms times and counts: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
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
  const base = queryable(pool);
  return {
    kind,
    query: base.query,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
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
