// Scopes the dashboard author's CSS of an HTML card to that card: every selector gets the card's
// generated class in front, so `.card {}` or `body {}` cannot restyle the app or other widgets.
// Imports and script-bearing values are dropped (the CSS is untrusted, like the HTML).

/** At-rules whose body holds rules to scope in turn. */
const NESTING_AT_RULES = /^@(media|supports|container|layer|document)\b/i;
/** At-rules whose body holds declarations or keyframes, kept as they are (after value checks). */
const KEPT_AT_RULES = /^@(-webkit-|-moz-)?(keyframes|font-face|page|counter-style)\b/i;
/** Values that can run script, fetch from anywhere at load or break out of the style element. */
const UNSAFE_VALUE =
  /javascript:|vbscript:|expression\s*\(|-moz-binding|behavior\s*:|@import|<\/?\s*style|url\(\s*['"]?\s*data:(?!image\/)/i;

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Index of the `}` closing the `{` at `open`, or -1. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Keeps the declarations of a block whose values are harmless. */
function safeDeclarations(body: string): string {
  return body
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !UNSAFE_VALUE.test(d))
    .join('; ');
}

function prefixSelector(selector: string, scope: string): string {
  const s = selector.trim();
  if (s === '') return '';
  // The document's roots stand for the card itself.
  const rooted = s.replace(/^(:root|html|body)(\s+(html|body))?\b/i, '');
  if (rooted !== s) return `${scope}${rooted}`;
  return `${scope} ${s}`;
}

function scopeRules(css: string, scope: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semi = css.indexOf(';', i);
    // A statement before the next block: `@import …;`, `@charset …;` or stray text: all dropped.
    if (semi !== -1 && (open === -1 || semi < open)) {
      i = semi + 1;
      continue;
    }
    if (open === -1) break;
    const close = matchingBrace(css, open);
    if (close === -1) break; // an unclosed block is dropped with the rest
    const prelude = css.slice(i, open).trim();
    const body = css.slice(open + 1, close);
    i = close + 1;
    if (prelude.startsWith('@')) {
      if (NESTING_AT_RULES.test(prelude)) out.push(`${prelude} {\n${scopeRules(body, scope)}\n}`);
      else if (KEPT_AT_RULES.test(prelude) && !UNSAFE_VALUE.test(body)) out.push(`${prelude} {${body}}`);
      continue;
    }
    if (prelude === '' || UNSAFE_VALUE.test(prelude)) continue;
    const selectors = prelude
      .split(',')
      .map((sel) => prefixSelector(sel, scope))
      .filter((sel) => sel !== '');
    if (selectors.length > 0) out.push(`${selectors.join(', ')} { ${safeDeclarations(body)} }`);
  }
  return out.join('\n');
}

/**
 * The author's CSS with every rule limited to elements inside `scope` (a selector such as
 * `.html-card-w1`). Rules inside @media/@supports are scoped too; @import, unknown at-rules and
 * declarations with script URLs or expressions are removed.
 */
export function scopeCss(css: string, scope: string): string {
  return scopeRules(stripComments(css), scope);
}

/** A class name for a widget id that is safe in a selector (ids may hold any character). */
export function scopeClassName(widgetId: string): string {
  return `sapo-html-card-${widgetId.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}
