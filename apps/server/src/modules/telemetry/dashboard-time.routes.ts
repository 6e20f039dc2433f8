import type { AppInstance } from '../../http/app-instance.ts';

/** ThingsBoard's default `MAX_DATAPOINTS_LIMIT` (the most points a widget may ask for). */
export const DEFAULT_MAX_DATAPOINTS_LIMIT = 50_000;

/** The configured limit; a missing or unusable value falls back to the default. */
export function maxDatapointsLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MAX_DATAPOINTS_LIMIT);
  return env.MAX_DATAPOINTS_LIMIT && Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_DATAPOINTS_LIMIT;
}

/**
 * The two calls dashboards make before loading data (spec 2-calls §7, §9): the server's clock, so the
 * web app can correct for its own clock's offset, and the datapoint limit its time-window editor
 * enforces. Both answer a bare JSON number, as ThingsBoard does.
 */
export function dashboardTimeRoutes(app: AppInstance, limit = maxDatapointsLimit()): void {
  const tags = ['dashboards'];
  app.get('/api/dashboard/serverTime', { schema: { tags } }, () => Date.now());
  app.get('/api/dashboard/maxDatapointsLimit', { schema: { tags } }, () => limit);
}
