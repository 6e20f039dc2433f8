import { loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { systemClock } from './lib/clock.ts';
import { connectPostgres, type Db } from './db/database.ts';
import { startPglite } from './db/pglite.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { DEMO_LOGINS, installSystemData, loadDemoData } from './demo/install.ts';
import { backfillDemoBuilding, installDemoBuilding } from './demo/building/demo-building-install.ts';
import { DemoSimulator } from './demo/building/demo-simulator.ts';
import { startMqttTransport, type MqttTransport } from './transports/mqtt/mqtt-transport.ts';

async function main() {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  let releaseLock: (() => void) | undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = connectPostgres(config.databaseUrl);
  } else {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
    db = await startPglite({
      dataDir: `${config.dataDir}/db`,
      onError: (err) => logger.warn({ err }, 'embedded database checkpoint failed'),
    });
  }
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'database migrations applied');

  // Health is DOWN until the MQTT transport (when enabled) listens too.
  let mqtt: MqttTransport | undefined;
  let simulator: DemoSimulator | undefined;
  const app = await buildApp({ db, config, logger, isReady: () => config.mqttPort === 0 || mqtt !== undefined });
  const installed = await installSystemData(db, app.services, systemClock);
  if (installed && config.demo) {
    await loadDemoData(db, app.services, systemClock);
    const t0 = Date.now();
    const building = await installDemoBuilding(app.services, db);
    if (building && config.demoHistoryDays > 0) {
      const { points } = await backfillDemoBuilding(app.services, building, systemClock, config.demoHistoryDays);
      logger.info({ points, ms: Date.now() - t0, days: config.demoHistoryDays }, 'demo building history loaded');
    }
    logger.info('demo data loaded');
  }

  let shuttingDown = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Devices first, so their last messages and disconnects are stored before the app closes.
      await simulator?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the demo simulator failed'));
      await mqtt?.close().catch((err: unknown) => logger.error({ err }, 'closing the MQTT transport failed'));
      await app.close();
      await db.close();
    } finally {
      releaseLock?.();
      process.exit(exitCode);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.mqttPort > 0) {
    try {
      mqtt = await startMqttTransport({ services: app.services, port: config.mqttPort, host: config.host, logger });
      logger.info({ port: mqtt.port }, 'MQTT transport listening');
    } catch (err) {
      const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      console.error(
        inUse
          ? `MQTT port ${config.mqttPort} is in use (another MQTT broker?): set MQTT_PORT to a free port, or MQTT_PORT=0 to turn MQTT off.`
          : `The MQTT transport failed to start: ${(err as Error).message}`,
      );
      return shutdown('MQTT start failure', 1);
    }
  }
  if (mqtt && config.demo && config.demoSimulator) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const sim = new DemoSimulator({
      db,
      telemetry: app.services.telemetry,
      clock: systemClock,
      logger,
      mqttUrl: `mqtt://${host.includes(':') ? `[${host}]` : host}:${mqtt.port}`,
      faultChance: config.demoFaults ? undefined : 0,
    });
    // A simulator that cannot start is no reason to stop the server.
    try {
      if (await sim.start()) simulator = sim;
    } catch (err) {
      logger.warn({ err }, 'the demo building simulator did not start');
      await sim.stop().catch(() => {});
    }
  }
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  SAPO Dashboard is running at ${url}  (ready in ${Date.now() - started} ms)`,
    `  API docs: ${url}/api/docs   Storage: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`}`,
    `  MQTT: ${mqtt ? `port ${mqtt.port}` : 'off (MQTT_PORT=0)'}`,
  ];
  if (config.demo) {
    lines.push('  Demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.authority.padEnd(14)} ${l.email} / ${l.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error('SAPO Dashboard failed to start:', err);
  process.exit(1);
});
