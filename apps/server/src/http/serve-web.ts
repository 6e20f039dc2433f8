import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from './app-instance.ts';
import { SANDBOX_CSP } from './security-headers.ts';

/** Vite writes every built script, style and font under assets/ with a content hash in its name. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Documents meant only for sandboxed iframes (the custom-widget frame) get their own policy. */
const SANDBOX_DIR = 'sandbox';

/** /api, /api/… and //api/…: paths the API owns, answered in its error body, never with the SPA. */
export const isApiPath = (url: string) => /^\/+api(\/|$)/.test(url.split('?')[0] ?? '');

/**
 * Serves the built web app with an SPA fallback; /api paths keep the API's JSON 404 or 405.
 * Hashed files never change under their name, so browsers keep them a year without asking again
 * (a dashboard opened twice loads no code from the server); everything else, index.html above all,
 * is revalidated on each visit so a new release is picked up at once.
 */
export function serveWeb(app: AppInstance, webDir: string): void {
  const index = path.join(webDir, 'index.html');
  if (!fs.existsSync(index)) return;
  const hashedDir = path.join(webDir, HASHED_DIR) + path.sep;
  const sandboxDir = path.join(webDir, SANDBOX_DIR) + path.sep;
  // wildcard: false gives each file present at start its own route, so the header is set here.
  void app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (apps/web/build/precompress.ts); browsers get one of them.
    preCompressed: true,
    setHeaders: (reply, file) => {
      if (file.startsWith(hashedDir)) reply.header('cache-control', IMMUTABLE);
      if (file.startsWith(sandboxDir)) reply.header('content-security-policy', SANDBOX_CSP);
    },
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    if (isApiPath(req.url)) {
      return reply.callNotFound();
    }
    const file = path.join(webDir, decodeURIComponent(req.url.split('?')[0] ?? '/'));
    if (file.startsWith(webDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(webDir, file));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.readFileSync(index));
  });
}
