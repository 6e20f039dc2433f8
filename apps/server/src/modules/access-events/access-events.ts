/**
 * What live connections must hear when someone's right to see changes (issue 18, defect 4): a
 * WebSocket opened with a token keeps only the rights of that token's session and of the entities'
 * current owners. Events are hints, not verdicts: a receiver re-checks, so a duplicate or a spurious
 * event costs a lookup, never access. JSON-serialisable, so a Redis channel can carry them between
 * servers exactly as the telemetry bus does.
 */
export type AccessEvent =
  /**
   * Sign-in sessions may have ended (logout, password change or reset, disabled, locked or deleted
   * user, deleted customer or tenant): connections of any session matching one of the fields check
   * their session again.
   */
  | { kind: 'sessions'; sessionId?: string; userId?: string; customerId?: string; tenantId?: string }
  /** An entity changed owner or was deleted: customer-side connections of the tenant re-check it. */
  | { kind: 'entity'; tenantId: string; entityType: string; entityId: string };

export type AccessListener = (event: AccessEvent) => void;

/** The port: in-process now; a Redis implementation lets several servers share it. */
export interface AccessEvents {
  publish(event: AccessEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: AccessListener): () => void;
  close(): Promise<void>;
}

/** Delivers synchronously to every listener; a failing listener never affects the others. */
export class InProcessAccessEvents implements AccessEvents {
  private readonly listeners = new Set<AccessListener>();

  publish(event: AccessEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // one receiver's bug must not stop the others
      }
    }
  }

  subscribe(listener: AccessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
