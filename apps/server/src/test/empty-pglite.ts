import { inject } from 'vitest';
import { startPglite, type PgliteDb } from '../db/pglite.ts';

/**
 * An empty embedded database (no migrations), in memory or in `dataDir`: a copy of the fresh cluster
 * global-setup made once, instead of running initdb again (about 25 s on a busy 2-core machine, ~4 s
 * for a copy). Opening `dataDir` again later is a plain startPglite({ dataDir }).
 */
export function startEmptyPglite(dataDir?: string): Promise<PgliteDb> {
  const file = inject('emptyPglite');
  return startPglite({ ...(dataDir ? { dataDir } : {}), ...(file ? { loadDataDir: file } : {}) });
}
