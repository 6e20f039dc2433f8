/**
 * Checks for URLs that come from the server but end up in an <img src>, an <a href> or a CSS
 * background on the sign-in page. The server validates them too; the page still refuses anything
 * that could run script or break out of a CSS url(), because that page holds the password field.
 */

const IMAGE_DATA_URL_RE = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/i;
// Characters that could end a CSS url("…") or an attribute, or hide a different URL.
const UNSAFE_CHARS_RE = /[\s"'()<>\\`]/;

/** True for a root-relative path ('/x', not '//host/x') or an absolute http(s) URL. */
export function isSafeLink(value: string): boolean {
  if (!value || value.length > 4096 || UNSAFE_CHARS_RE.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** True for a base64 image data URL or a safe link. */
export function isSafeImageSrc(value: string): boolean {
  return value.startsWith('data:') ? IMAGE_DATA_URL_RE.test(value) : isSafeLink(value);
}

const HEX_RE = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_RE = /^(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]{1,60}\)$/i;
const NAMED_RE = /^[a-z]{3,30}$/i;

/** A plain CSS colour: hex, rgb()/hsl() or a colour name. */
export function isCssColor(value: string): boolean {
  return HEX_RE.test(value) || FUNCTION_RE.test(value) || NAMED_RE.test(value);
}

/** A CSS url() value; JSON string quoting also escapes quotes and backslashes the CSS way. */
export function cssUrl(url: string): string {
  return `url(${JSON.stringify(url)})`;
}
