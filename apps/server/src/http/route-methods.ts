/**
 * Which methods the API answers on a path, so a known path asked with another method gets 405 (as
 * Spring answers in ThingsBoard) rather than 404. Fastify's router only tells "no route", so the
 * routes' patterns are recorded as they are registered. Patterns use `:param` segments and a
 * trailing `*` only (no regular-expression parameters in this app).
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(method: string | string[], url: string): void {
    let methods = this.byUrl.get(url);
    if (!methods) {
      methods = new Set();
      this.byUrl.set(url, methods);
      this.routes.push({ pattern: patternOf(url), methods });
    }
    for (const m of Array.isArray(method) ? method : [method]) methods.add(m.toUpperCase());
  }

  /** The methods of every route whose pattern matches the path, sorted; empty when none does. */
  allowed(path: string): string[] {
    const found = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) for (const m of r.methods) found.add(m);
    return [...found].sort();
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/device/:id/credentials` → /^\/api\/device\/[^/]+\/credentials\/?$/; `/x/*` matches below /x/. */
export function patternOf(url: string): RegExp {
  const parts = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    return segment
      .split(/(:[A-Za-z0-9_]+)/)
      .map((piece) => (piece.startsWith(':') ? '[^/]+' : escape(piece)))
      .join('');
  });
  return new RegExp(`^${parts.join('/')}/?$`);
}
