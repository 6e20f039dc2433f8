import { ownEntity } from './isolation-model.ts';
import { CLAIM_SECRET, type Actor, type IsolationWorld } from './isolation-world.ts';
import { UnmappedParam } from './isolation-params.ts';

/** Bodies that are lists of customer ids (a dashboard's customers): the matrix aims at them too. */
export const CUSTOMER_LISTS = /^\/api\/dashboard\/\{dashboardId\}\/customers/;

/**
 * A valid body for each id-taking operation that has one, so the call reaches its access check
 * rather than failing validation first. An operation with a body and no entry here fails the matrix.
 */
export function sampleBody(
  method: string,
  path: string,
  op: { requestBody?: unknown },
  w: IsolationWorld,
  actor: Actor,
): unknown {
  if (!op.requestBody) return undefined;
  if (path.endsWith('/claim')) return { secretKey: CLAIM_SECRET };
  if (path.startsWith('/api/plugins/rpc/')) return { method: 'setPoint', params: { value: 1 }, timeout: 5000 };
  if (CUSTOMER_LISTS.test(path)) return [ownEntity(w, actor, 'CUSTOMER').id];
  if (path.startsWith('/api/plugins/telemetry/')) {
    return path.includes('/timeseries/') ? { temperature: 99 } : { threshold: 99 };
  }
  throw new UnmappedParam(`add a sample body for ${method} ${path} (isolation/isolation-bodies.ts)`);
}
