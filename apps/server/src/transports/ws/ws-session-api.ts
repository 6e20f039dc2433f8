import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../modules/auth/caller.ts';
import type { Services } from '../../services.ts';
import type { SubscriptionHub } from './ws-hub.ts';

/** What command handlers may use of their session. */
export interface WsSessionApi {
  readonly caller: Caller;
  readonly services: Services;
  readonly hub: SubscriptionHub;
  readonly log: FastifyBaseLogger;
  /** Queues a message (serialised here); dropped once the session is closed. */
  send(message: unknown): void;
  /**
   * Whether one more subscription fits the session's limit; when it does not, the session is
   * closed with 1008 and handlers stop.
   */
  admit(): boolean;
  readonly closed: boolean;
  /** Runs `job` after the session's earlier commands and jobs (so state changes never interleave). */
  serialize(job: () => Promise<void>): Promise<void>;
}

/** A command object as parsed from the frame (fields validated by the handlers). */
export type Cmd = Record<string, unknown>;

export const num = (cmd: Cmd, field: string, fallback = 0): number => {
  const v = cmd[field];
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

export const str = (cmd: Cmd, field: string): string => {
  const v = cmd[field];
  return typeof v === 'string' ? v : '';
};

export const isObject = (v: unknown): v is Cmd => typeof v === 'object' && v !== null && !Array.isArray(v);
