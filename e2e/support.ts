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

export async function signIn(page: Page, user: DemoUser) {
  await fillSignIn(page, user.email, user.password);
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
