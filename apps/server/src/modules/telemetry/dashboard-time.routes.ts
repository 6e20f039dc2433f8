import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { TS_QUERY_LIMITS } from './ts-query-plan.ts';

/**
 * The two calls dashboards make before loading data (spec 2-calls §7, §9): the server's clock, so the
 * web app can correct for its own clock's offset, and the datapoint limit its time-window editor
 * enforces (the limit the query planner cuts raw reads to). Both answer a bare JSON number, as
 * ThingsBoard does.
 */
export function dashboardTimeRoutes(app: AppInstance, limit = TS_QUERY_LIMITS.maxLimit): void {
  const tags = ['dashboards'];
  const number = { response: { 200: Type.Number() } };
  app.get('/api/dashboard/serverTime', { schema: { tags, ...number } }, () => Date.now());
  app.get('/api/dashboard/maxDatapointsLimit', { schema: { tags, ...number } }, () => limit);
}
