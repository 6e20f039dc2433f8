import { expect, test } from '@playwright/test';
import { DEMO_USERS, fillSignIn, hasHorizontalScroll, saveScreenshot, signIn, signInWithForm } from './support';

const [, TENANT] = DEMO_USERS;

test.describe('sign-in', () => {
  for (const user of DEMO_USERS) {
    test(`${user.email} signs in and sees the ${user.authority} role`, async ({ page }) => {
      await signInWithForm(page, user);
      await expect(page.getByTestId('authority')).toHaveText(user.authority);
      await expect(page.getByRole('main').getByText(user.role)).toBeVisible();
      await expect(page).toHaveTitle('SAPO Dashboard | Home');
      if (user === TENANT) await saveScreenshot(page, 'home-1440.png');
    });
  }

  test("a wrong password shows the server's message and keeps the form usable", async ({ page }) => {
    await fillSignIn(page, TENANT.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('an invalid form shows field errors and sends nothing', async ({ page }) => {
    await page.goto('/login');
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) loginCalls.push(request.url());
    });
    await page.getByLabel('Username (email)').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    expect(loginCalls).toEqual([]);
    // Errors clear as soon as the field is fixed.
    await page.getByLabel('Username (email)').fill('tenant@sapo.local');
    await expect(page.getByText('Invalid email format.')).toBeHidden();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel(/^Password/);
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe('session', () => {
  test('signed out, any page leads to login', async ({ page }) => {
    for (const path of ['/', '/home', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await expect(page).toHaveTitle('SAPO Dashboard | Login');
  });

  test('sign-out returns to login, and a reload stays signed out', async ({ page }) => {
    await signInWithForm(page, TENANT);
    // Signed in: unknown paths go home and the session survives a reload.
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
    await page.reload();
    await expect(page.getByTestId('authority')).toHaveText(TENANT.authority);

    const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logout).method()).toBe('POST');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('TB-jwt_token'))).toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test('an expired access token is refreshed without signing the user out', async ({ page }) => {
  await signIn(page, TENANT);
  // Make the stored access token look expired; the refresh token is still good.
  await page.evaluate(() => localStorage.setItem('TB-jwt_token_expiration', String(Date.now())));
  const refresh = page.waitForResponse((response) => response.url().endsWith('/api/auth/token'));
  await page.reload();
  expect((await refresh).status()).toBe(200);
  await expect(page.getByTestId('authority')).toHaveText(TENANT.authority);
  // The new pair was stored with a fresh expiry (tokens minted in the same second may be identical).
  const expiresIn = await page.evaluate(() => Number(localStorage.getItem('TB-jwt_token_expiration')) - Date.now());
  expect(expiresIn).toBeGreaterThan(60_000);
});

test.describe('layout', () => {
  test('the sign-in page at 1440 px', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'login-1440.png');
  });

  test('the sign-in form fits a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form).toBeVisible();
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    const box = await form.boundingBox();
    if (!box) throw new Error('the sign-in form has no layout box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'login-390.png');
  });
});
