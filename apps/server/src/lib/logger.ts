import { pino, type Logger } from 'pino';
import { redactUrl } from './redact-url.ts';

export type { Logger };

/** JSON in production, pretty when a person is watching a terminal. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const pretty = !destination && process.env.NODE_ENV !== 'production' && process.stdout.isTTY && level !== 'silent';
  const options: pino.LoggerOptions = {
    level,
    redact: ['req.headers["x-authorization"]', 'req.headers.authorization', '*.password', '*.token', '*.refreshToken'],
    // Fastify's request fields, with secrets in the query string masked.
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
