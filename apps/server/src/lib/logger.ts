import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON in production, pretty when a person is watching a terminal. */
export function createLogger(level: string): Logger {
  const pretty = process.env.NODE_ENV !== 'production' && process.stdout.isTTY && level !== 'silent';
  return pino({
    level,
    redact: ['req.headers["x-authorization"]', 'req.headers.authorization', '*.password', '*.token', '*.refreshToken'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
