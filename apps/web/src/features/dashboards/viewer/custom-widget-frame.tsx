import { useEffect, useMemo, useRef } from 'react';
import type { WidgetDescriptor } from '../model/widget-descriptor';
import type { WidgetContext } from '../widgets/widget-types';
import { customWidgetDocument, parseWidgetMessage, type CustomWidgetPayload } from './model/custom-widget-document';

function payloadOf(ctx: WidgetContext): CustomWidgetPayload {
  return {
    width: ctx.width,
    height: ctx.height,
    settings: ctx.settings,
    timeWindow: { minTime: ctx.timewindow.startTs, maxTime: ctx.timewindow.endTs },
    data: ctx.data.series.map((s) => ({
      datasource: {
        name: s.entity?.name ?? String(s.datasource.name ?? ''),
        ...(s.entity ? { entityId: s.entity.id, entityType: s.entity.entityType } : {}),
      },
      dataKey: {
        name: s.dataKey.name,
        type: s.dataKey.type,
        label: s.dataKey.label,
        color: s.dataKey.color,
        units: s.dataKey.units,
        decimals: s.dataKey.decimals,
      },
      data: s.data,
    })),
  };
}

/**
 * A tenant-written widget type, isolated in an iframe with `sandbox="allow-scripts"` (no same origin:
 * it never sees the user's tokens). It gets its data by postMessage and may only ask for actions.
 */
export function CustomWidgetFrame({ ctx, descriptor }: { ctx: WidgetContext; descriptor: WidgetDescriptor }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  const srcDoc = useMemo(
    () =>
      customWidgetDocument({
        html: descriptor.templateHtml,
        css: descriptor.templateCss,
        js: descriptor.controllerScript,
      }),
    [descriptor],
  );
  const payload = useMemo(() => payloadOf(ctx), [ctx]);
  const payloadRef = useRef(payload);
  payloadRef.current = payload;

  const post = (event: 'init' | 'data' | 'resize') =>
    frameRef.current?.contentWindow?.postMessage({ channel: 'sapo-widget', event, payload: payloadRef.current }, '*');

  useEffect(() => {
    if (loaded.current) post('data');
  }, [payload.data, payload.settings]);
  useEffect(() => {
    if (loaded.current) post('resize');
  }, [payload.width, payload.height]);

  const { action } = ctx;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frameRef.current?.contentWindow) return;
      const msg = parseWidgetMessage(e.data);
      if (msg) action(msg.source, msg.entity ? { name: msg.entity.name ?? msg.entity.id, ...msg.entity } : null);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [action]);

  return (
    <iframe
      ref={frameRef}
      title={ctx.widget.config.title ?? 'widget'}
      sandbox="allow-scripts"
      srcDoc={srcDoc}
      data-testid="custom-widget-frame"
      onLoad={() => {
        loaded.current = true;
        post('init');
      }}
      style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'transparent' }}
    />
  );
}
