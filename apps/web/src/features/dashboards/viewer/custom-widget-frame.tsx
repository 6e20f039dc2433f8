import { useEffect, useMemo, useRef } from 'react';
import type { WidgetDescriptor } from '../model/widget-descriptor';
import type { WidgetContext } from '../widgets/widget-types';
import {
  WIDGET_FRAME_URL,
  initMessage,
  parseWidgetMessage,
  type CustomWidgetPayload,
  type CustomWidgetSource,
} from './model/custom-widget-document';

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

/** A new frame for each version of a widget type's code: its controller runs once per document. */
let frames = 0;
const frameKeys = new WeakMap<CustomWidgetSource, number>();
const frameKey = (source: CustomWidgetSource) => {
  if (!frameKeys.has(source)) frameKeys.set(source, ++frames);
  return frameKeys.get(source);
};

/**
 * A tenant-written widget type, isolated in an iframe with `sandbox="allow-scripts"` (no same origin:
 * it never sees the user's tokens). Its code and data go in by postMessage; it may only ask for actions.
 */
export function CustomWidgetFrame({ ctx, descriptor }: { ctx: WidgetContext; descriptor: WidgetDescriptor }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  const source = useMemo<CustomWidgetSource>(
    () => ({ html: descriptor.templateHtml, css: descriptor.templateCss, js: descriptor.controllerScript }),
    [descriptor],
  );
  const payload = useMemo(() => payloadOf(ctx), [ctx]);
  const payloadRef = useRef(payload);
  payloadRef.current = payload;
  const sourceRef = useRef(source);
  sourceRef.current = source;
  useEffect(() => {
    loaded.current = false; // the new frame asks for its code again once loaded
  }, [source]);

  const post = (event: 'init' | 'data' | 'resize') =>
    frameRef.current?.contentWindow?.postMessage(
      event === 'init'
        ? initMessage(sourceRef.current, payloadRef.current)
        : { channel: 'sapo-widget', event, payload: payloadRef.current },
      '*',
    );

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
      key={frameKey(source)}
      ref={frameRef}
      title={ctx.widget.config.title ?? 'widget'}
      sandbox="allow-scripts"
      src={WIDGET_FRAME_URL}
      data-testid="custom-widget-frame"
      onLoad={() => {
        loaded.current = true;
        post('init');
      }}
      style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'transparent' }}
    />
  );
}
