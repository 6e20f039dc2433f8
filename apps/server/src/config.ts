import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  mqttPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demo: boolean;
  /** Days of history the demo building gets on first start (`DEMO_HISTORY_DAYS`, 0 = none). */
  demoHistoryDays: number;
  /** The demo building's devices send live data over MQTT (`DEMO_SIMULATOR`, with demo data only). */
  demoSimulator: boolean;
  /** The simulator's occasional faults that raise alarms (`DEMO_FAULTS`). */
  demoFaults: boolean;
  logLevel: string;
  /** bcrypt cost; lower only in tests. */
  bcryptRounds: number;
  /** Access and refresh token lifetimes in seconds (ThingsBoard defaults). */
  jwtAccessTtlSec: number;
  jwtRefreshTtlSec: number;
  jwtIssuer: string;
  /** Per-IP login attempts allowed per minute before 429. */
  loginRateLimitPerMinute: number;
  /** Serve the built web app from this folder when it exists. */
  webDir: string;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 65535 * 1e6): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got '${raw}'`);
  }
  return n;
}

/** Parses the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    mqttPort: int(env, 'MQTT_PORT', 1883, 0, 65535),
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    demoHistoryDays: int(env, 'DEMO_HISTORY_DAYS', 7, 0, 31),
    demoSimulator: env.DEMO_SIMULATOR !== '0' && env.DEMO_SIMULATOR !== 'false',
    demoFaults: env.DEMO_FAULTS !== '0' && env.DEMO_FAULTS !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    bcryptRounds: int(env, 'BCRYPT_ROUNDS', 10, 4, 15),
    jwtAccessTtlSec: int(env, 'JWT_TOKEN_EXPIRATION_TIME', 9000, 1),
    jwtRefreshTtlSec: int(env, 'JWT_REFRESH_TOKEN_EXPIRATION_TIME', 604800, 1),
    jwtIssuer: env.JWT_TOKEN_ISSUER || 'thingsboard.io',
    loginRateLimitPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 30, 0),
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'apps/web/dist')),
  };
}
