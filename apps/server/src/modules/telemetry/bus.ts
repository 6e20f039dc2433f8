import type { TelemetryEvent } from './telemetry-types.ts';

export type BusListener = (event: TelemetryEvent) => void;

/**
 * Live fan-out of committed data to subscribers (WebSocket sessions, device sessions waiting for
 * shared attributes). In-process now; a Redis implementation lets several servers share it.
 */
export interface Bus {
  publish(event: TelemetryEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** Delivers synchronously to every listener; a failing listener never affects the others. */
export class InProcessBus implements Bus {
  private readonly listeners = new Set<BusListener>();

  publish(event: TelemetryEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // a subscriber's bug must not stop ingestion or other subscribers
      }
    }
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
