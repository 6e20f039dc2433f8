import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_USERS, hasHorizontalScroll, saveScreenshot, signIn } from './support';

const [SYSADMIN, TENANT, CUSTOMER] = DEMO_USERS;
const REACT = ['/react-dashboard/alarm-center', '/react-dashboard/device-table', '/react-dashboard/manage-console'];
/** Building pages whose flag the demo installer sets on the tenant and on Customer A. */
const FLAGGED = ['/react-dashboard/energy-dashboard'];

/** Spec 1-client §2.7, per role, in menu order. */
const MENUS = {
  SYS_ADMIN: [
    '/home',
    '/tenants',
    '/tenantProfiles',
    '/widgets-bundles',
    '/settings/general',
    '/settings/outgoing-mail',
    '/settings/sms-provider',
    '/settings/whatsapp-provider',
    '/settings/security-settings',
    '/settings/oauth2',
  ],
  TENANT_ADMIN: [
    '/home',
    '/ruleChains',
    '/customers',
    '/alarm-contacts',
    '/alarm-escalations',
    '/assets',
    '/devices',
    '/deviceProfiles',
    '/payload-decoder',
    '/entityViews',
    '/widgets-bundles',
    '/dashboards',
    '/settings/home',
    ...REACT,
    ...FLAGGED,
    '/white-labeling',
    '/white-labeling/login',
    '/auditLogs',
    '/usage',
  ],
  TENANT_USER: [
    '/home',
    '/assets',
    '/devices',
    '/alarm-contacts',
    '/alarm-escalations',
    '/deviceProfiles',
    '/entityViews',
    '/dashboards',
    ...REACT,
    ...FLAGGED,
  ],
  CUSTOMER: ['/home', '/assets', '/devices', '/alarm-escalations', '/entityViews', '/dashboards', ...REACT, ...FLAGGED],
};

const menuPaths = (page: Page) =>
  page
    .locator('aside [data-menu-path]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-menu-path')));

async function apiToken(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A user of the given role made through the API (the demo data has no tenant user or customer admin). */
async function makeUser(request: APIRequestContext, authority: 'TENANT_USER' | 'CUSTOMER_ADMIN') {
  const token = await apiToken(request, TENANT.email, TENANT.password);
  const headers = { 'X-Authorization': `Bearer ${token}` };
  const body: Record<string, unknown> = { email: `${authority.toLowerCase()}-${Date.now()}@example.com`, authority };
  if (authority === 'CUSTOMER_ADMIN') {
    const customers = await request.get('/api/customers?pageSize=1&page=0&textSearch=Customer%20A', { headers });
    const [customer] = ((await customers.json()) as { data: Array<{ id: { id: string } }> }).data;
    body.customerId = { entityType: 'CUSTOMER', id: customer?.id.id };
  }
  const password = 'Secret-123';
  const created = await request.post(`/api/user?sendActivationMail=false&password=${password}`, {
    data: body,
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  return { email: body.email as string, password };
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username (email)').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test.describe('menu per role', () => {
  test('system administrator', async ({ page }) => {
    await signIn(page, SYSADMIN);
    await expect.poll(() => menuPaths(page)).toEqual(MENUS.SYS_ADMIN);
    await saveScreenshot(page, 'home-sysadmin-1440.png');
  });

  test('tenant administrator', async ({ page }) => {
    await signIn(page, TENANT);
    await expect.poll(() => menuPaths(page)).toEqual(MENUS.TENANT_ADMIN);
    await saveScreenshot(page, 'home-1440.png');
  });

  test('tenant user', async ({ page, request }) => {
    const user = await makeUser(request, 'TENANT_USER');
    await signInAs(page, user.email, user.password);
    await expect.poll(() => menuPaths(page)).toEqual(MENUS.TENANT_USER);
    await saveScreenshot(page, 'home-tenant-user-1440.png');
  });

  test('customer administrator', async ({ page, request }) => {
    const user = await makeUser(request, 'CUSTOMER_ADMIN');
    await signInAs(page, user.email, user.password);
    await expect.poll(() => menuPaths(page)).toEqual(MENUS.CUSTOMER);
    await saveScreenshot(page, 'home-customer-admin-1440.png');
  });

  test('customer user', async ({ page }) => {
    await signIn(page, CUSTOMER);
    await expect.poll(() => menuPaths(page)).toEqual(MENUS.CUSTOMER);
    await saveScreenshot(page, 'home-customer-1440.png');
  });

  test('the home page shows the role sections as cards that link to the menu places', async ({ page }) => {
    await signIn(page, SYSADMIN);
    const tenants = page.getByRole('region', { name: 'Tenant management' });
    await expect(tenants).toBeVisible();
    await tenants.getByRole('link', { name: 'Tenants' }).click();
    await expect(page).toHaveURL(/\/tenants$/);
    await expect(page).toHaveTitle('SAPO Dashboard | Tenants');
  });
});

test('a customer user opening a tenant-only route gets the forbidden dialog', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await page.goto('/customers');
  const dialog = page.getByRole('dialog', { name: 'Access Forbidden' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // 'Sign in' signs out, so another user can sign in.
  await page.goto('/tenants');
  await page.getByRole('dialog', { name: 'Access Forbidden' }).getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('breadcrumb, page title, search box and cheat sheet', async ({ page }) => {
  await signIn(page, TENANT);
  // Home supports no search: no box.
  await expect(page.getByRole('search')).toHaveCount(0);
  await page.locator('aside').getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page).toHaveTitle('SAPO Dashboard | Customers');
  await expect(page.getByTestId('breadcrumb')).toContainText('Customers');
  await expect(page.getByRole('search')).toBeVisible();
  // Typing reaches the server after the 150 ms pause, not per key.
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/customers' && url.searchParams.get('textSearch'))
      searches.push(url.searchParams.get('textSearch') ?? '');
  });
  // Ten quick keystrokes: the 150 ms debounce lets only the settled text through (a busy machine
  // may let one more slip in, never one per key).
  await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('Customer B');
  await expect.poll(() => searches.at(-1)).toBe('Customer B');
  expect(searches.length).toBeLessThanOrEqual(3);
  await expect(page.getByRole('cell', { name: 'Customer B', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Customer A', exact: true })).toHaveCount(0);

  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Show keyboard shortcuts');
  await page.keyboard.press('Escape');
  // '?' typed into a field is text, not a shortcut.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('searchbox', { name: 'Search' }).press('?');
  await expect(sheet).toBeHidden();
});

test('the shell at 390 px: the menu slides over and closes after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, TENANT);
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  // Narrow: the side menu is closed, the user's name block hidden, the breadcrumb a single heading.
  await expect(page.locator('aside')).toBeHidden();
  await expect(page.getByTestId('user-menu-header')).toBeHidden();
  await saveScreenshot(page, 'home-390.png');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('aside')).toBeVisible();
  await saveScreenshot(page, 'menu-390.png');
  await page.locator('aside').getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.locator('aside')).toBeHidden();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
});

test('switching to zh_TW changes the menu; the choice follows the user to another browser', async ({
  page,
  request,
  browser,
}) => {
  // Not a demo user: the language is saved to the user, and other tests read the demo users in English.
  const user = await makeUser(request, 'TENANT_USER');
  await signInAs(page, user.email, user.password);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
  await page.keyboard.press('Escape');
  const menu = page.locator('aside');
  await expect(menu.getByRole('link', { name: '資產' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '裝置', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('SAPO Dashboard | 首頁');
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.locator('aside').getByRole('link', { name: '資產' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('TB-language'))).toBe('zh_TW');

  const other = await browser.newPage();
  await signInAs(other, user.email, user.password);
  await expect(other.locator('aside').getByRole('link', { name: '資產' })).toBeVisible();
  await other.close();
});

test('the dark theme toggle is remembered', async ({ page }) => {
  await signIn(page, TENANT);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark theme' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(background).not.toBe(light);
  await page.reload();
  await expect(page.getByTestId('authority')).toBeVisible();
  expect(await background()).not.toBe(light);
  await saveScreenshot(page, 'home-1440-dark.png');
});

test.describe('token expiry mid-session', () => {
  test('an access token that expires while the user works is refreshed before the next call', async ({ page }) => {
    await signIn(page, TENANT);
    await page.evaluate(() => localStorage.setItem('TB-jwt_token_expiration', String(Date.now())));
    const refresh = page.waitForResponse((response) => response.url().endsWith('/api/auth/token'));
    await page.locator('aside').getByRole('link', { name: 'Customers' }).click();
    expect((await refresh).status()).toBe(200);
    await expect(page.getByRole('cell', { name: 'Customer A', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/customers$/);
  });

  test('a 401 "token expired" answer is refreshed and the call retried, with no error shown', async ({ page }) => {
    await signIn(page, TENANT);
    let rejected = 0;
    await page.route('**/api/customers?*', async (route) => {
      if (rejected++ === 0) {
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 401,
            message: 'Token has expired',
            errorCode: 11,
            timestamp: new Date().toISOString(),
          }),
        });
      } else {
        await route.continue();
      }
    });
    const refresh = page.waitForResponse((response) => response.url().endsWith('/api/auth/token'));
    await page.locator('aside').getByRole('link', { name: 'Customers' }).click();
    expect((await refresh).status()).toBe(200);
    await expect(page.getByRole('cell', { name: 'Customer A', exact: true })).toBeVisible();
    await expect(page.getByTestId('toast-error')).toHaveCount(0);
  });
});

test('a 403 answer opens the permission-denied dialog', async ({ page }) => {
  await signIn(page, TENANT);
  await page.route('**/api/customers?*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ status: 403, message: 'You do not have permission', errorCode: 20, timestamp: '' }),
    }),
  );
  await page.locator('aside').getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('dialog', { name: 'Permission Denied' })).toBeVisible();
});
