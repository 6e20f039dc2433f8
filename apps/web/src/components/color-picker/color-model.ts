/** An RGBA colour: channels 0-255, alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * The palette of the picker: Material colours (500 shades, then lighter/darker rows) and greys,
 * the colours ThingsBoard dashboards mostly use.
 */
export const PALETTE: readonly string[] = [
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cddc39',
  '#ffeb3b',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#ef9a9a',
  '#f48fb1',
  '#ce93d8',
  '#b39ddb',
  '#9fa8da',
  '#90caf9',
  '#81d4fa',
  '#80deea',
  '#80cbc4',
  '#a5d6a7',
  '#c5e1a5',
  '#e6ee9c',
  '#fff59d',
  '#ffe082',
  '#ffcc80',
  '#ffab91',
  '#b71c1c',
  '#880e4f',
  '#4a148c',
  '#311b92',
  '#1a237e',
  '#0d47a1',
  '#01579b',
  '#006064',
  '#004d40',
  '#1b5e20',
  '#33691e',
  '#827717',
  '#f57f17',
  '#ff6f00',
  '#e65100',
  '#bf360c',
  '#ffffff',
  '#eeeeee',
  '#bdbdbd',
  '#9e9e9e',
  '#757575',
  '#616161',
  '#424242',
  '#000000',
];

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const hex2 = (n: number) =>
  Math.round(clamp(n, 0, 255))
    .toString(16)
    .padStart(2, '0');

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(…) and rgba(…); null for anything else. */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const at = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: at(0), g: at(2), b: at(4), a: full.length === 8 ? Math.round((at(6) / 255) * 100) / 100 : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+%?)\s*)?\)$/.exec(value);
  if (!fn) return null;
  const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
  if ([r, g, b].some((c) => c > 255)) return null;
  const alphaText = fn[4];
  let a = 1;
  if (alphaText !== undefined) {
    a = alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
    if (!(a >= 0 && a <= 1)) return null;
  }
  return { r, g, b, a };
}

/** Opaque colours as #rrggbb, translucent ones as rgba(…) — the forms ThingsBoard settings hold. */
export function formatColor({ r, g, b, a }: Rgba): string {
  if (a >= 1) return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${Math.round(a * 100) / 100})`;
}

/** The #rrggbb part (for `<input type="color">`, which knows no alpha). */
export function toHex6(color: Rgba): string {
  return formatColor({ ...color, a: 1 });
}

/** Same colour whatever its spelling ('#FFF' = 'rgb(255,255,255)'); unparsable texts compare as text. */
export function sameColor(a: string, b: string): boolean {
  const pa = parseColor(a);
  const pb = parseColor(b);
  if (!pa || !pb) return a.trim() === b.trim();
  return formatColor(pa) === formatColor(pb);
}

/** Spec 1-client §2.8: Select is enabled only when the colour changed and is non-empty (and valid). */
export function canSelectColor(initial: string | null | undefined, current: string): boolean {
  if (current.trim() === '' || !parseColor(current)) return false;
  return !sameColor(initial ?? '', current);
}

/** Black or white, whichever reads better on the colour (for a check mark on a swatch). */
export function contrastText({ r, g, b, a }: Rgba): '#000000' | '#ffffff' {
  if (a < 0.5) return '#000000';
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#000000' : '#ffffff';
}
