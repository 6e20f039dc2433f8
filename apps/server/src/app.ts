import Fastify from 'fastify';
import { Type } from 'typebox';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Logger } from './lib/logger.ts';
import type { AppInstance } from './http/app-instance.ts';
import { onFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerValidators } from './http/validators.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerAuthHook } from './http/auth-hook.ts';
import { registerResponseContract } from './http/response-contract.ts';
import { serveWeb } from './http/serve-web.ts';
import { createServices } from './services.ts';
import { loadSigningKey } from './modules/auth/token.service.ts';
import { smtpTransport, type MailTransport } from './modules/mail/mail.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { tenantRoutes } from './modules/tenants/tenants.routes.ts';
import { tenantProfileRoutes } from './modules/tenant-profiles/tenant-profiles.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { whiteLabelRoutes } from './modules/white-label/white-label.routes.ts';
import { relationRoutes } from './modules/relations/relations.routes.ts';
import { assetRoutes } from './modules/assets/assets.routes.ts';
import { entityViewRoutes } from './modules/entity-views/entity-views.routes.ts';
import { deviceProfileRoutes } from './modules/device-profiles/device-profiles.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { bulkImportRoutes } from './modules/bulk-import/bulk-import.routes.ts';
// [imports: telemetry issue helpers add theirs below]
import { entityQueryRoutes } from './modules/entity-query/entity-query.routes.ts';
import { deviceApiRoutes } from './transports/http-device/device-api.routes.ts';
import { rpcRoutes } from './modules/rpc/rpc.routes.ts';
import { wsRoutes } from './transports/ws/ws.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { dashboardTimeRoutes } from './modules/telemetry/dashboard-time.routes.ts';
// [imports: issue-6 helpers add theirs below, one line each]
import { testScriptRoutes } from './modules/rule-chains/test-script.routes.ts';
import { ruleChainRoutes } from './modules/rule-chains/rule-chains.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { alarmRoutes } from './modules/alarms/alarm.routes.ts';
// [imports: issue-7 helpers add theirs below, one line each]
import { widgetRoutes } from './modules/widgets/widgets.routes.ts';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes.ts';
import { ensureSystemWidgets } from './modules/widgets/ensure-system-widgets.ts';
import { buildingRoutes } from './modules/buildings/buildings.routes.ts';

export const VERSION = '0.1.0';

export interface AppDeps {
  db: Db;
  config: Config;
  logger?: Logger | boolean;
  clock?: Clock;
  mailTransport?: MailTransport;
  /** Readiness of parts outside the HTTP app (transports); health is DOWN until true. */
  isReady?: () => boolean;
  /** Tests: fail an answer its response schema would change (see response-contract.ts). */
  checkResponses?: boolean;
}

/** Builds the Fastify app; it never listens (tests use inject, main.ts listens). */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    // Guard against prototype pollution through JSON bodies.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // A malformed URL (bad percent-encoding) answers in ThingsBoard's error body too.
    frameworkErrors: onFrameworkError,
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as AppInstance;

  const clock = deps.clock ?? systemClock;
  const signingKey = await loadSigningKey(deps.db);
  app.decorate(
    'services',
    createServices({
      db: deps.db,
      config: deps.config,
      clock,
      signingKey,
      mailTransport: deps.mailTransport ?? smtpTransport,
      userTokenAccessEnabled: process.env.USER_TOKEN_ACCESS_ENABLED !== 'false',
    }),
  );

  registerJsonBodyParser(app);
  registerValidators(app);
  registerErrorHandler(app);
  registerResponseContract(app, { check: deps.checkResponses ?? false });
  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SAPO Dashboard API', version: VERSION, description: 'ThingsBoard 3.2 compatible REST API' },
      components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'X-Authorization' } } },
      security: [{ jwt: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuthHook(app);

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  const health = {
    response: { 200: Type.Object({ status: Type.String() }), 503: Type.Object({ status: Type.String() }) },
  };
  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'], ...health } }, async (_req, reply) => {
    const ready = deps.isReady ? deps.isReady() : true;
    try {
      await deps.db.query('SELECT 1');
    } catch {
      return reply.status(503).send({ status: 'DOWN' });
    }
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN' });
  });

  authRoutes(app, deps.config.loginRateLimitPerMinute);
  userRoutes(app);
  tenantRoutes(app);
  tenantProfileRoutes(app);
  customerRoutes(app);
  adminRoutes(app, VERSION);
  whiteLabelRoutes(app);
  relationRoutes(app);
  assetRoutes(app);
  entityViewRoutes(app);
  deviceProfileRoutes(app);
  deviceRoutes(app);
  bulkImportRoutes(app);
  // [routes: telemetry issue helpers add theirs below]
  entityQueryRoutes(app);
  deviceApiRoutes(app);
  rpcRoutes(app);
  await app.register(wsRoutes, { clock });
  telemetryRoutes(app);
  dashboardTimeRoutes(app);
  // [routes: issue-6 helpers add theirs below]
  testScriptRoutes(app);
  ruleChainRoutes(app);
  eventRoutes(app);
  alarmRoutes(app);
  // [routes: issue-7 helpers add theirs below]
  widgetRoutes(app);
  dashboardRoutes(app);
  buildingRoutes(app);
  // System widget bundles are written at install and brought up to date at every start (one hash check).
  app.addHook('onReady', async () => {
    await ensureSystemWidgets(deps.db, clock);
  });
  // The rule engine takes device messages from the start; its nodes log through the app's logger.
  app.addHook('onReady', async () => app.services.ruleEngine.start(app.log));
  // The engine stops taking messages first; then pending alarm updates are written and the sandbox closed.
  app.addHook('onClose', async () => {
    await app.services.ruleEngine.stop();
    await app.services.alarmOps.close();
    await app.services.scripts.close();
  });

  // Derived telemetry state is repaired before traffic; queued telemetry commits before the database closes.
  app.addHook('onReady', async () => {
    app.services.telemetry.writer.onError = (err) => app.log.error({ err }, 'telemetry upkeep failed (retried)');
    await app.services.telemetry.start();
  });
  app.addHook('onClose', async () => {
    await app.services.telemetry.close();
    await app.services.bus.close();
  });

  serveWeb(app, deps.config.webDir);
  return app;
}
