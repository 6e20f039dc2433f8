// fetch with the private-network guard applied to the first URL and to every redirect hop
// (a public server must not bounce a rule node into the internal network).
import { assertPublicHost } from './ssrf-guard.ts';

const MAX_REDIRECTS = 5;

export async function guardedFetch(url: string, init: RequestInit, allowPrivate: boolean): Promise<Response> {
  let current = new URL(url);
  let req = init;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new Error(`Unsupported URL scheme '${current.protocol.replace(':', '')}': use http or https`);
    }
    if (!allowPrivate) await assertPublicHost(current.hostname);
    const res = await fetch(current, { ...req, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location || res.status === 304) return res;
    if (hop >= MAX_REDIRECTS) throw new Error('Too many redirects');
    await res.body?.cancel();
    current = new URL(location, current);
    // 303 (and 301/302 after POST, as browsers do) continue as GET without a body.
    if (
      res.status === 303 ||
      ((res.status === 301 || res.status === 302) && req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      req = { ...req, method: 'GET', body: undefined };
    }
  }
}
