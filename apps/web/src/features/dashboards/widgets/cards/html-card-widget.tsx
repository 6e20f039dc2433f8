// "HTML Card" and "HTML Value Card": the author's HTML, sanitised by DOMPurify, with the author's CSS
// scoped to this card by a class made of the widget id (never global). The value card first fills
// `${Key label}` placeholders with HTML-escaped latest values.
import Box from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { cardValues, widgetMessageOf } from './card-data';
import { fillTemplate } from './card-model';
import { scopeClassName, scopeCss } from '../../model/css-scope';

/** Tags that could escape the card (global styles, navigation, embedded documents). */
const FORBID_TAGS = ['style', 'link', 'meta', 'base', 'script', 'iframe', 'frame', 'object', 'embed', 'form'];

function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS });
}

function HtmlCard({ widgetId, html, css }: { widgetId: string; html: string; css: string }) {
  const scope = scopeClassName(widgetId);
  const scopedCss = useMemo(() => scopeCss(css, `.${scope}`), [css, scope]);
  const safeHtml = useMemo(() => sanitize(html), [html]);
  return (
    <Box
      className={scope}
      // `contain: paint` keeps even `position: fixed` content inside the card's box.
      sx={{ width: '100%', height: '100%', overflow: 'auto', position: 'relative', contain: 'layout paint' }}
    >
      {scopedCss !== '' && <style>{scopedCss}</style>}
      <div style={{ height: '100%' }} dangerouslySetInnerHTML={{ __html: safeHtml }} />
    </Box>
  );
}

export function HtmlCardWidget({ ctx }: WidgetProps) {
  return (
    <HtmlCard
      widgetId={ctx.widget.id}
      html={strSetting(ctx.settings, 'cardHtml', '')}
      css={strSetting(ctx.settings, 'cardCss', '')}
    />
  );
}

export function HtmlValueCardWidget({ ctx }: WidgetProps) {
  const values = cardValues(ctx.data.series, ctx.settings, ctx.widget.config);
  const template = strSetting(ctx.settings, 'cardHtml', '');
  const message = widgetMessageOf(
    ctx,
    values.some((v) => v.text !== ''),
  );
  if (message) return <WidgetMessage text={message} />;
  return (
    <HtmlCard
      widgetId={ctx.widget.id}
      html={fillTemplate(template, values, true)}
      css={strSetting(ctx.settings, 'cardCss', '')}
    />
  );
}
