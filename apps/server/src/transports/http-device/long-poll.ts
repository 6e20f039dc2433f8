import type { FastifyReply } from 'fastify';

export type PollOutcome<T> = { kind: 'value'; value: T } | { kind: 'timeout' } | { kind: 'closing' } | { kind: 'gone' };

/** Default and longest wait of a device long poll (ThingsBoard's transport.http.request_timeout is the default). */
export const DEFAULT_POLL_TIMEOUT_MS = 60_000;
export const MAX_POLL_TIMEOUT_MS = 3_600_000;

export function pollTimeout(requested: number | undefined): number {
  return requested && requested > 0 ? Math.min(requested, MAX_POLL_TIMEOUT_MS) : DEFAULT_POLL_TIMEOUT_MS;
}

/**
 * HTTP long polls of devices. Each ends once: with a value, at its timeout, when the client goes
 * away (its registration is dropped at once) or when the server shuts down.
 */
export class LongPolls {
  private readonly active = new Set<() => void>();
  private closing = false;

  /**
   * Waits for `register`'s settle callback (which may fire synchronously, e.g. for a request that
   * was already queued); `register` returns the function that unregisters the listener.
   */
  wait<T>(
    reply: FastifyReply,
    timeoutMs: number,
    register: (settle: (value: T) => boolean) => () => void,
  ): Promise<PollOutcome<T>> {
    if (this.closing) return Promise.resolve({ kind: 'closing' });
    return new Promise((resolve) => {
      let done = false;
      let unregister: (() => void) | undefined;
      const finish = (outcome: PollOutcome<T>): boolean => {
        if (done) return false;
        done = true;
        clearTimeout(timer);
        this.active.delete(shutdown);
        reply.raw.off('close', gone);
        unregister?.();
        resolve(outcome);
        return true;
      };
      const shutdown = () => finish({ kind: 'closing' });
      const gone = () => finish({ kind: 'gone' });
      const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
      this.active.add(shutdown);
      reply.raw.once('close', gone);
      const remove = register((value) => finish({ kind: 'value', value }));
      if (done) remove();
      else unregister = remove;
    });
  }

  /** Ends every poll (the app is closing); new polls end at once. */
  closeAll(): void {
    this.closing = true;
    for (const end of [...this.active]) end();
  }
}
