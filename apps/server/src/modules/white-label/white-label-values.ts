/**
 * Checks and normalises the values of a login white-label. They end up in an <img src>, a CSS
 * background and the page's favicon on a public page, so only plain colours, image data URLs and
 * http(s)/root-relative URLs get through: nothing that could close a CSS `url()` or run script.
 */

/** Decoded size limit of an image sent inline as a data URL. */
export const MAX_IMAGE_BYTES = 512 * 1024;
export const MAX_URL_LENGTH = 2048;
export const MAX_TITLE_LENGTH = 255;
export const MAX_INTRO_LENGTH = 2048;
export const MIN_LOGO_HEIGHT = 1;
export const MAX_LOGO_HEIGHT = 1000;

/** A value that failed its check: the message is shown to the administrator as it is. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (message: string): Checked<never> => ({ ok: false, message });

/** Trimmed text, or null when empty or missing. */
export function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

// RFC 1123 labels: letters, digits and inner hyphens, at most 63 characters each; 253 in all.
const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name as `window.location.hostname` gives it (no scheme, port or path), lower-cased. */
export function checkDomainName(value: string | null | undefined): Checked<string | null> {
  const domain = text(value)?.toLowerCase().replace(/\.$/, '') ?? null;
  if (domain === null) return ok(null);
  const valid = domain.length <= 253 && domain.split('.').every((label) => LABEL_RE.test(label));
  return valid ? ok(domain) : fail(`Domain name '${value}' is not a valid host name (for example iot.example.com)`);
}

const DATA_URL_RE =
  /^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml|bmp|x-icon|vnd\.microsoft\.icon);base64,([A-Za-z0-9+/]+={0,2})$/;
// Characters that could end a CSS url("…") or an HTML attribute, or smuggle whitespace tricks.
const UNSAFE_URL_CHARS_RE = /[\s"'()<>\\`]/;

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function isSafeUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || UNSAFE_URL_CHARS_RE.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//'); // root-relative, not protocol-relative
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An image: a base64 data URL of at most 512 kB, or an http(s) or root-relative URL. */
export function checkImage(field: string, value: string | null | undefined): Checked<string | null> {
  const image = text(value);
  if (image === null) return ok(null);
  if (image.startsWith('data:')) {
    const match = DATA_URL_RE.exec(image);
    if (!match) return fail(`${field} must be a base64 image data URL (data:image/png;base64,…) or an http(s) URL`);
    if (base64Bytes(match[2] ?? '') > MAX_IMAGE_BYTES) {
      return fail(`${field} is too large: an image may be at most ${MAX_IMAGE_BYTES / 1024} kB`);
    }
    return ok(image);
  }
  return isSafeUrl(image) ? ok(image) : fail(`${field} must be a base64 image data URL or an http(s) URL`);
}

const HEX_RE = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_RE = /^(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]{1,60}\)$/i;
const NAMED_RE = /^[a-z]{3,30}$/i;

export function isCssColor(value: string): boolean {
  return HEX_RE.test(value) || FUNCTION_RE.test(value) || NAMED_RE.test(value);
}

/** A CSS colour: #rgb[a], #rrggbb[aa], rgb()/rgba()/hsl()/hsla() or a colour name. */
export function checkColor(field: string, value: string | null | undefined): Checked<string | null> {
  const color = text(value);
  if (color === null) return ok(null);
  return isCssColor(color) ? ok(color) : fail(`${field} must be a CSS colour such as #305680 or rgb(48, 86, 128)`);
}

/** The page background: a colour, or an image as for the logo. */
export function checkBackground(value: string | null | undefined): Checked<string | null> {
  const background = text(value);
  if (background === null || isCssColor(background)) return ok(background);
  if (background.startsWith('data:')) return checkImage('Background', background);
  const image = checkImage('Background', background);
  return image.ok ? image : fail(`Background must be a CSS colour, an image data URL or an http(s) image URL`);
}

export function checkText(field: string, value: string | null | undefined, max: number): Checked<string | null> {
  const trimmed = text(value);
  if (trimmed !== null && trimmed.length > max) return fail(`${field} is too long: at most ${max} characters`);
  return ok(trimmed);
}

export function checkLogoHeight(value: number | null | undefined): Checked<number | null> {
  if (value === null || value === undefined) return ok(null);
  if (!Number.isInteger(value) || value < MIN_LOGO_HEIGHT || value > MAX_LOGO_HEIGHT) {
    return fail(`Logo height must be a whole number of pixels from ${MIN_LOGO_HEIGHT} to ${MAX_LOGO_HEIGHT}`);
  }
  return ok(value);
}
