import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app shell (and of every other answer: API JSON, the API docs
 * page, static files — the dashboard script worker takes its policy from its own response).
 * Each source is here because the app needs it:
 * - scripts: Vite's build has no inline script, only files of this origin. 'unsafe-eval' because ajv
 *   (the JSON-schema forms of widget settings) compiles schemas to functions, and the dashboard
 *   script worker runs authors' post-processing functions with `new Function`. No 'unsafe-inline':
 *   injected markup still cannot run script.
 * - styles: MUI/emotion and CodeMirror inject <style> elements; Leaflet and uPlot set style attributes.
 * - images: map tiles from OpenStreetMap, CARTO, Esri or any custom tile server (http or https), and
 *   image URLs dashboard authors set; data: and blob: from image pickers and drawn placeholders.
 * - connections: REST and the telemetry WebSocket are same-origin ('self' covers ws:/wss: of the host).
 * - workers: the script worker is a file of this origin; the spreadsheet reader may start a blob: one.
 * - frames: tenant-written widgets run in /sandbox/widget-frame.html (see SANDBOX_CSP).
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * The policy of documents under the web build's sandbox/ folder: the frame a tenant-written widget
 * runs in (ADR 0006). The `sandbox` directive gives it an opaque origin even if opened on its own,
 * so its inline bootstrap and the author's code (run with `new Function`) never reach the app's
 * storage or tokens. Authors' images, fonts and HTTPS calls stay allowed, as before the policy.
 */
export const SANDBOX_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob: https: http:',
  'font-src data: https:',
  'media-src data: blob: https:',
  'connect-src https: wss:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** helmet's default HSTS value: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer. Strict-Transport-Security only on requests that came over
 * HTTPS — directly, or per X-Forwarded-Proto when TRUST_PROXY is set — since browsers ignore it over
 * plain HTTP and a server reached over HTTP is not promising HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
