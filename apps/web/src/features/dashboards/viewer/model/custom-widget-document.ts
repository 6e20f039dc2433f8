import { isRecord } from '../../model/json-guards';
// The document of a tenant-written widget (ADR 0006). It runs in an iframe sandboxed with
// `allow-scripts` only: an opaque origin, so it cannot read the app's storage, cookies or tokens, and
// it talks to the app only by postMessage. The controller follows ThingsBoard's shape
// (`self.onInit`, `self.onDataUpdated`, `self.onResize`, `self.onDestroy`, `self.ctx`).

/** Messages the app sends into the frame. */
export type ToWidgetMessage = {
  channel: 'sapo-widget';
  event: 'init' | 'data' | 'resize';
  payload: CustomWidgetPayload;
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

/** Author text can't close our script element early. */
const scriptSafe = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
/** Author CSS can't close our style element. */
const styleSafe = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

const BOOTSTRAP = `
(function () {
  var widget = { ctx: { $container: null, data: [], settings: {}, width: 0, height: 0, timeWindow: {} } };
  widget.ctx.actions = {
    run: function (source, entity) {
      parent.postMessage({ channel: 'sapo-widget', event: 'action', source: String(source), entity: entity || null }, '*');
    }
  };
  function call(name) {
    try { if (typeof widget[name] === 'function') widget[name](); }
    catch (e) { document.getElementById('sapo-error').textContent = String(e && e.message || e); }
  }
  var started = false;
  window.addEventListener('message', function (e) {
    if (e.source !== parent) return;
    var m = e.data;
    if (!m || m.channel !== 'sapo-widget') return;
    var p = m.payload || {};
    widget.ctx.data = p.data || [];
    widget.ctx.settings = p.settings || {};
    widget.ctx.width = p.width || 0;
    widget.ctx.height = p.height || 0;
    widget.ctx.timeWindow = p.timeWindow || {};
    if (!started) {
      started = true;
      widget.ctx.$container = document.getElementById('sapo-root');
      call('onInit');
      call('onDataUpdated');
      return;
    }
    call(m.event === 'resize' ? 'onResize' : 'onDataUpdated');
  });
  window.__sapoWidget = widget;
})();`;

/** The srcdoc of a custom widget: its HTML and CSS, our bootstrap, then its controller. */
export function customWidgetDocument(parts: { html: string; css: string; js: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<style>html,body{margin:0;height:100%;overflow:hidden;font-family:Roboto,Helvetica,Arial,sans-serif}#sapo-root{height:100%}#sapo-error{color:#c62828;font-size:12px}</style>
<style>${styleSafe(parts.css)}</style></head><body><div id="sapo-root">${parts.html}</div><div id="sapo-error"></div>
<script>${BOOTSTRAP}</script>
<script>(function (self) {\n${scriptSafe(parts.js)}\n})(window.__sapoWidget);</script>
</body></html>`;
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
