/**
 * The /api routes the app serves, read from Fastify's printed route tree, so the matrix can check
 * that none hides from /api/openapi.json (a hidden route would escape it).
 */
export function apiRoutes(printed: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.floor(m[1]!.length / 4);
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!m[3] || !path.startsWith('/api/')) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method !== 'HEAD') out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return out;
}

/** Routes the OpenAPI document leaves out on purpose. */
export const UNDOCUMENTED: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/ws/plugins/telemetry': 'the WebSocket: isolation-ws.test.ts covers its commands',
};
/**
 * The spellings a printed route stands for: Fastify prints parameters of different names at one
 * position as one node (`:alarmId|:entityType`), so each alternative is tried.
 */
export function variants(route: string): string[] {
  let out = [''];
  for (const part of route.split(/(\{[\w]+\}(?:\|\{[\w]+\})+)/)) {
    const alts = part.includes('|') ? part.split('|') : [part];
    out = out.flatMap((prefix) => alts.map((a) => prefix + a));
  }
  return out;
}

export const isDocsUi = (route: string) => /^GET \/api\/docs(\/|$)/.test(route);
