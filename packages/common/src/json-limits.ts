/**
 * What JSON the platform accepts from devices and users before anything is stored (ADR 0009).
 * PostgreSQL refuses a lone UTF-16 surrogate (`"\ud800"`) in jsonb and silently replaces it in text,
 * refuses U+0000 in both, and deep nesting costs every layer that walks it; so such input is refused
 * at the edge with a sentence, instead of failing later in SQL (a 500, or a shared batch failing).
 * Pure; shared by the server (REST, device transports, WebSocket) and the web app.
 */

/** Deepest nesting of objects and arrays in one JSON document (a dashboard needs about 10). */
export const MAX_JSON_DEPTH = 64;

/** Most distinct keys in one telemetry or attribute message (ThingsBoard has no limit). */
export const MAX_KEYS_PER_MESSAGE = 1000;

// With the `u` flag a paired surrogate is one code point (not Cs); only a lone one matches.
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

export const depthMessage = (max = MAX_JSON_DEPTH) => `JSON nested deeper than ${max} levels is not accepted`;

export const tooManyKeysMessage = (count: number, max = MAX_KEYS_PER_MESSAGE) =>
  `Too many keys in one message: ${count} (at most ${max})`;

// String.prototype.isWellFormed (Node 20, current browsers) is native and about twice the regex's speed.
const wellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** True when PostgreSQL can store the string as it is (no NUL, no lone surrogate). */
export const storable = (s: string): boolean => s.indexOf('\u0000') < 0 && wellFormed(s);

/** Why a string cannot be stored, or undefined. */
export function textProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (!wellFormed(s)) return 'must be valid Unicode text (it holds a lone surrogate such as \\ud800)';
  return undefined;
}

/** The text with NUL and lone surrogates replaced by U+FFFD (for records of what was received). */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/** Texts longer than this are measured before parsing; a shorter one costs the parser little. */
const PRESCAN_CHARS = 4096;

/**
 * True when JSON text should be refused without parsing: longer than a few KiB and nesting objects
 * or arrays deeper than `max` (a 1 MiB body of `[` takes the parser most of a second and builds a
 * value nothing should walk). Shorter texts are left to jsonValueProblem after parsing.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  if (text.length <= PRESCAN_CHARS) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, so `\"` does not end the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * The first reason a parsed JSON value cannot be stored — nested deeper than `maxDepth`, or a key
 * or string with NUL or a lone surrogate — as a sentence naming where (`root` names the value).
 * Iterative, so a deep value cannot overflow the stack.
 */
export function jsonValueProblem(value: unknown, root = '', maxDepth = MAX_JSON_DEPTH): string | undefined {
  // Every device message passes here: the common case is checked without building paths.
  if (jsonValueStorable(value, maxDepth)) return undefined;
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length) {
    const [v, at, depth] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return `Invalid value of '${at || 'body'}': ${problem}`;
    } else if (v !== null && typeof v === 'object') {
      if (depth + 1 > maxDepth) return depthMessage(maxDepth);
      for (const [k, child] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        const problem = textProblem(k);
        if (problem) return `Invalid key '${storableText(path)}': ${problem}`;
        stack.push([child, path, depth + 1]);
      }
    }
  }
  return undefined;
}

/** jsonValueProblem's yes/no answer, without paths or messages. */
function jsonValueStorable(value: unknown, maxDepth: number): boolean {
  if (typeof value === 'string') return storable(value);
  if (typeof value !== 'object' || value === null) return true;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return false;
    const array = Array.isArray(v);
    const keys = array ? undefined : Object.keys(v);
    const n = array ? (v as unknown[]).length : keys!.length;
    for (let i = 0; i < n; i++) {
      let child: unknown;
      if (array) child = (v as unknown[])[i];
      else {
        const k = keys![i]!;
        if (!storable(k)) return false;
        child = (v as Record<string, unknown>)[k];
      }
      if (typeof child === 'string') {
        if (!storable(child)) return false;
      } else if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}
