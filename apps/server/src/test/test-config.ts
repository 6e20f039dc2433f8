import { loadConfig, type Config } from '../config.ts';

/** Config for tests: cheap bcrypt, no login rate limit unless a test sets one. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ BCRYPT_ROUNDS: '4', LOG_LEVEL: 'silent', MQTT_PORT: '0', PORT: '8080' }),
    webDir: '/nonexistent',
    loginRateLimitPerMinute: 0,
    ...overrides,
  };
}
