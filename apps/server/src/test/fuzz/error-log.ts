import { createLogger, type Logger } from '../../lib/logger.ts';

/**
 * A logger that keeps every entry at `level` (error by default) or above, so a test can show why a 5xx
 * or a crash happened.
 */
export interface ErrorLog {
  logger: Logger;
  entries: Array<{ msg?: string; err?: { message?: string; stack?: string }; [k: string]: unknown }>;
  /** The entries logged since `from`, one line each, for a failure message. */
  since(from: number): string;
}

export function errorLog(level: 'warn' | 'error' = 'error'): ErrorLog {
  const entries: ErrorLog['entries'] = [];
  const logger = createLogger(level, {
    write(line: string) {
      entries.push(JSON.parse(line));
    },
  });
  return {
    logger,
    entries,
    since: (from) =>
      entries
        .slice(from)
        .map((e) => `${e.msg ?? ''} ${e.err?.stack ?? e.err?.message ?? ''}`.trim())
        .join('\n'),
  };
}
