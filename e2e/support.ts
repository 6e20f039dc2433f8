import { expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

/** The demo logins the server creates on first start (ARCHITECTURE §2, DEMO=1). */
export const DEMO_USERS = [
  { email: 'sysadmin@sapo.local', password: 'sysadmin', authority: 'SYS_ADMIN', role: 'System administrator' },
  { email: 'tenant@sapo.local', password: 'tenant', authority: 'TENANT_ADMIN', role: 'Tenant administrator' },
  { email: 'customer@sapo.local', password: 'customer', authority: 'CUSTOMER_USER', role: 'Customer user' },
] as const;

export type DemoUser = (typeof DEMO_USERS)[number];

export async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username (email)').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the sign-in form, as a user does: for the tests of sign-in itself. */
export async function signInWithForm(page: Page, user: DemoUser) {
  await fillSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

/**
 * Signs a demo user in without the form, for tests about something else: the token pair from
 * POST /api/auth/login is stored the way the app stores it (the four TB-* keys, expiries from the
 * tokens' lifetimes) before the app's first script runs, then /home opens. Going through the form
 * started the app twice (on /login, then home) with the sign-in page's public calls in between: 4–6 s
 * of a busy 2-core machine per test, ~2 s more than this. The form has its own tests (auth.spec.ts,
 * sign-in-flows.spec.ts). The stored session is placed once per call, so a sign-out stays signed out.
 */
export async function signIn(page: Page, user: DemoUser) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: user.email, password: user.password },
  });
  expect(response.status()).toBe(200);
  const pair = (await response.json()) as { token: string; refreshToken: string };
  const once = `e2e-session-${Date.now()}-${Math.random()}`;
  await page.addInitScript(
    ({ pair, once, origin }) => {
      try {
        if (location.origin !== origin || sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
      } catch {
        return; // a sandboxed frame: no storage, and not the app
      }
      const lifetimeMs = (jwt: string) => {
        const body = JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
          exp: number;
          iat: number;
        };
        return (body.exp - body.iat) * 1000;
      };
      const now = Date.now();
      localStorage.setItem('TB-jwt_token', pair.token);
      localStorage.setItem('TB-jwt_token_expiration', String(now + lifetimeMs(pair.token)));
      localStorage.setItem('TB-refresh_token', pair.refreshToken);
      localStorage.setItem('TB-refresh_token_expiration', String(now + lifetimeMs(pair.refreshToken)));
    },
    { pair, once, origin: new URL(response.url()).origin },
  );
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

/** Product screenshots for the README live in docs/screenshots/ and are refreshed by every run. */
export async function saveScreenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const path = fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url));
  await page.screenshot({ path, animations: 'disabled' });
}

/** True when the page scrolls sideways, the usual sign of a layout that does not fit the screen. */
export function hasHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** A REST call with the page's own session (the token the app stored), for set-up and checks the UI cannot make. */
export async function apiCall(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('TB-jwt_token') ?? '';
      const headers: Record<string, string> = { 'X-Authorization': `Bearer ${token}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** What a device does: POST /api/v1/{token}/telemetry, no session. */
export async function postTelemetry(page: Page, token: string, payload: unknown) {
  const status = await page.evaluate(
    async ({ token, payload }) =>
      (
        await fetch(`/api/v1/${token}/telemetry`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        })
      ).status,
    { token, payload },
  );
  expect(status).toBe(200);
}

/**
 * A wait chosen on the benchmark machine, for this one: times the machine factor that scripts/e2e.mjs
 * measured (scripts/test-sizing.mjs). Playwright's own test and expect timeouts are scaled already.
 */
export { scaled } from '../scripts/test-sizing.mjs';
