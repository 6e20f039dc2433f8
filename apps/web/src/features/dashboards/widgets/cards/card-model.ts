// Pure logic of the card widgets: `${…}` template substitution, HTML escaping, font fitting and a
// safe background-image URL. Sanitising the resulting HTML (DOMPurify) happens in the component.
import { formatValue } from '../../model/data-key';
import type { CardValue } from './card-data';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text made inert inside HTML: a telemetry value must never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

/** `${name}` or `${name:decimals}`; the name is a key label (as ThingsBoard), a key name or an entity field. */
const PLACEHOLDER = /\$\{\s*([^}:]+?)\s*(?::\s*(\d{1,2})\s*)?\}/g;

const ENTITY_FIELDS: Readonly<Record<string, (v: CardValue) => string | undefined>> = {
  entityName: (v) => v.entity?.name,
  deviceName: (v) => v.entity?.name,
  entityLabel: (v) => v.entity?.label ?? v.entity?.name,
  entityType: (v) => v.entity?.entityType,
};

/**
 * Replaces placeholders by the latest values: `${Temperature}` by the value of the key labelled (or
 * named) Temperature with its units/decimals, `${Temperature:1}` with one decimal, `${entityName}`
 * by the first entity's name. Placeholders naming nothing stay as they are, so the author sees the
 * typo. With `escape`, every inserted text is HTML-escaped (the result is HTML to be sanitised).
 */
export function fillTemplate(template: string, values: readonly CardValue[], escape: boolean): string {
  const byLabel = new Map<string, CardValue>();
  const byName = new Map<string, CardValue>();
  for (const v of values) {
    if (!byLabel.has(v.label)) byLabel.set(v.label, v);
    if (!byName.has(v.name)) byName.set(v.name, v);
  }
  const first = values.find((v) => v.entity) ?? values[0];
  return template.replace(PLACEHOLDER, (whole, rawName: string, rawDecimals: string | undefined) => {
    const key = byLabel.get(rawName) ?? byName.get(rawName);
    let text: string | undefined;
    if (key) {
      const decimals = rawDecimals === undefined ? key.format.decimals : Number(rawDecimals);
      text = formatValue(key.value, { ...key.format, decimals });
    } else {
      const field = ENTITY_FIELDS[rawName];
      if (field && first) text = field(first) ?? '';
    }
    if (text === undefined) return whole;
    return escape ? escapeHtml(text) : text;
  });
}

/**
 * A font size (px) that lets `text` fit a `width` × `height` box on one line, never above `max` nor
 * below `min`: big values shrink on a phone instead of overflowing. `charWidth` is the average glyph
 * width in ems (digits in Roboto are about 0.56).
 */
export function fitFontSize(
  text: string,
  width: number,
  height: number,
  max: number,
  { min = 8, charWidth = 0.6 }: { min?: number; charWidth?: number } = {},
): number {
  const chars = Math.max(1, text.length);
  const byWidth = width / (chars * charWidth);
  const byHeight = height / 1.2;
  const size = Math.min(max, byWidth, byHeight);
  return Math.max(min, Math.floor(Number.isFinite(size) ? size : min));
}

/**
 * The background image URL if it can only be an image: http(s), a relative path or a data:image.
 * Anything else (javascript:, data:text/html, …) gives ''.
 */
export function safeImageUrl(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const url = raw.trim();
  if (url === '') return '';
  if (/^data:image\/(png|gif|jpe?g|webp|svg\+xml|bmp);/i.test(url)) return url;
  if (/^https?:\/\//i.test(url)) return url;
  // Relative to the app (no scheme at all): "/api/images/…", "images/x.png".
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')) return url;
  return '';
}

/** The placement of an image of `natural` size shown `contain`-ed in a box (labels sit on the image). */
export function containRect(
  box: { width: number; height: number },
  natural: { width: number; height: number } | null,
): { left: number; top: number; width: number; height: number } {
  if (!natural || natural.width <= 0 || natural.height <= 0) return { left: 0, top: 0, ...box };
  const scale = Math.min(box.width / natural.width, box.height / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height };
}

/** One label of the label widget, read from our settings or ThingsBoard's (`font.color`, `font.size`). */
export interface LabelSpec {
  pattern: string;
  /** Centre of the label in % of the image (or of the box without image). */
  x: number;
  y: number;
  backgroundColor: string | null;
  color: string | null;
  fontSize: number;
  fontWeight: string | null;
  fontStyle: string | null;
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}
const percent = (v: unknown, fallback: number) => Math.min(100, Math.max(0, num(v) ?? fallback));

export function readLabels(raw: unknown): LabelSpec[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): LabelSpec[] => {
    const l = rec(item);
    const font = rec(l.font);
    const pattern = typeof l.pattern === 'string' ? l.pattern : null;
    if (pattern === null) return [];
    return [
      {
        pattern,
        x: percent(l.x, 50),
        y: percent(l.y, 50),
        backgroundColor: str(l.backgroundColor),
        color: str(l.fontColor) ?? str(font.color),
        fontSize: Math.max(6, num(l.fontSize) ?? num(font.size) ?? 16),
        fontWeight: str(font.weight),
        fontStyle: str(font.style),
      },
    ];
  });
}
