import { isRecord } from '../../model/json-guards';
// How the app talks to a tenant-written widget (ADR 0006). It runs in an iframe sandboxed with
// `allow-scripts` only: an opaque origin, so it cannot read the app's storage, cookies or tokens, and
// it talks to the app only by postMessage. The controller follows ThingsBoard's shape
// (`self.onInit`, `self.onDataUpdated`, `self.onResize`, `self.onDestroy`, `self.ctx`).

/** The author's parts of a widget type. */
export interface CustomWidgetSource {
  html: string;
  css: string;
  js: string;
}

/** Messages the app sends into the frame; the first ('init') carries the widget's source. */
export type ToWidgetMessage = {
  channel: 'sapo-widget';
  event: 'init' | 'data' | 'resize';
  payload: CustomWidgetPayload;
  source?: CustomWidgetSource;
};

/** What the widget may ask of the app: an action of the widget, by source id. */
export interface FromWidgetMessage {
  channel: 'sapo-widget';
  event: 'action';
  source: string;
  entity?: { id: string; entityType: string; name?: string } | null;
}

export interface CustomWidgetPayload {
  width: number;
  height: number;
  settings: Record<string, unknown>;
  /** ThingsBoard's ctx.data: one entry per entity and key. */
  data: {
    datasource: { name: string; entityId?: string; entityType?: string };
    dataKey: Record<string, unknown>;
    data: [number, unknown][];
  }[];
  timeWindow: { minTime: number; maxTime: number };
}

/**
 * The frame document (apps/web/public/sandbox/widget-frame.html). The server sends documents under
 * /sandbox/ with their own Content-Security-Policy (sandboxed, inline script allowed), which an
 * srcdoc frame could not have: it would inherit the app's policy, which runs no inline script.
 */
export const WIDGET_FRAME_URL = '/sandbox/widget-frame.html';

/** The first message: the widget's code with its data; the frame runs the code once, then listens. */
export function initMessage(source: CustomWidgetSource, payload: CustomWidgetPayload): ToWidgetMessage {
  return { channel: 'sapo-widget', event: 'init', payload, source };
}

/** A message from a frame, if it is a well-formed action request; anything else is ignored. */
export function parseWidgetMessage(raw: unknown): FromWidgetMessage | null {
  if (!isRecord(raw) || raw.channel !== 'sapo-widget' || raw.event !== 'action') return null;
  if (typeof raw.source !== 'string' || raw.source.length > 100) return null;
  const e = raw.entity;
  const entity =
    isRecord(e) && typeof e.id === 'string' && typeof e.entityType === 'string'
      ? { id: e.id, entityType: e.entityType, ...(typeof e.name === 'string' ? { name: e.name } : {}) }
      : null;
  return { channel: 'sapo-widget', event: 'action', source: raw.source, entity };
}
