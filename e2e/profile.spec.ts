import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillSignIn, hasHorizontalScroll, scaled } from './support';

// Each test signs in as its own tenant administrator, created through the API by the demo tenant admin:
// these tests change names, language and password, which must never touch the demo logins other specs use.
const PASSWORD = 'Profile123!';
const NEW_PASSWORD = 'Changed456!';

async function createTenantAdmin(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username: 'tenant@sapo.local', password: 'tenant' } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const email = `profile-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sapo.local`;
  const created = await request.post(`/api/user?sendActivationMail=false&password=${encodeURIComponent(PASSWORD)}`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { email, authority: 'TENANT_ADMIN' },
  });
  expect(created.status(), await created.text()).toBe(200);
  return email;
}

async function openProfile(page: Page, email: string, password = PASSWORD) {
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
}

const userMenuButton = (page: Page) => page.getByRole('button', { name: 'Account' });

test('a tenant admin changes their name and sees it in the user menu', async ({ page, request }) => {
  const email = await createTenantAdmin(request);
  await openProfile(page, email);
  await expect(page).toHaveTitle('SAPO Dashboard | Profile');
  // No name yet: the menu (shown with the name block at ≥1280 px) falls back to the email.
  await expect(userMenuButton(page)).toContainText(email);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled(); // nothing changed yet
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'POST');
  await save.click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ email, authority: 'TENANT_ADMIN', firstName: 'Ada', lastName: 'Lovelace' });

  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(userMenuButton(page)).toContainText('Ada Lovelace');
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(userMenuButton(page)).toContainText('Ada Lovelace');
});

test('choosing zh_TW saves it and switches the page language', async ({ page, request }) => {
  const email = await createTenantAdmin(request);
  await openProfile(page, email);
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: '繁體中文' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: '個人資訊' })).toBeVisible();
  await expect(page.getByText('個人資料已儲存')).toBeVisible();
  await expect(page.getByRole('heading', { name: '變更密碼' })).toBeVisible();
  await expect(page).toHaveTitle('SAPO Dashboard | 個人資料');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');

  // Saved on the user, and remembered by this browser.
  const user = await page.evaluate(async () => {
    const res = await fetch('/api/auth/user', {
      headers: { 'X-Authorization': `Bearer ${localStorage.getItem('TB-jwt_token')}` },
    });
    return (await res.json()) as { additionalInfo: { lang?: string } };
  });
  expect(user.additionalInfo.lang).toBe('zh_TW');
  await page.reload();
  await expect(page.getByRole('heading', { name: '個人資訊' })).toBeVisible();
});

test('changing the password: checks first, stays signed in, and the new password signs in', async ({
  page,
  request,
}) => {
  test.slow(); // two sign-ins and three password checks (bcrypt) on a busy CI machine
  const email = await createTenantAdmin(request);
  await openProfile(page, email);
  const card = page.getByRole('form', { name: 'Change password' });
  const current = card.getByLabel(/^Current password/);
  const next = card.getByLabel(/^New password(?! again)/);
  const again = card.getByLabel(/^New password again/);
  const submit = card.getByRole('button', { name: 'Change password' });

  // The two new passwords must match: nothing is sent until they do.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/changePassword')) calls.push(r.url());
  });
  await current.fill(PASSWORD);
  await next.fill(NEW_PASSWORD);
  await again.fill('Different789!');
  await submit.click();
  await expect(card.getByText('Entered passwords must be same!')).toBeVisible();
  expect(calls).toEqual([]);

  // The server's password policy: shown as a checklist, and its refusal shows in the card.
  const lengthRule = card.getByRole('listitem').filter({ hasText: 'At least 6 characters' });
  await next.fill('abc');
  await again.fill('abc');
  await expect(lengthRule).toHaveAttribute('data-met', 'false');
  await submit.click();
  await expect(card.getByRole('alert')).toHaveText('Password must be 6 or more characters in length.');
  await next.fill(NEW_PASSWORD);
  await expect(lengthRule).toHaveAttribute('data-met', 'true');
  await expect(card.getByRole('alert')).toBeHidden(); // cleared by typing

  // The server's answer to a wrong current password shows in the card.
  await current.fill('not-my-password');
  await again.fill(NEW_PASSWORD);
  await expect(card.getByText('Entered passwords must be same!')).toBeHidden();
  await submit.click();
  await expect(card.getByRole('alert')).toHaveText("Current password doesn't match!");

  await current.fill(PASSWORD);
  await submit.click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(current).toHaveValue('');

  // The server ended the old session and sent a new pair: this tab is still signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();

  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await openProfile(page, email, NEW_PASSWORD);
});

test('the profile page fits a 390 px phone', async ({ page, request }) => {
  const email = await createTenantAdmin(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  // Below the large breakpoint the menu button shows the avatar only.
  await expect(page.getByTestId('user-menu-header')).toBeHidden();
  for (const name of ['Personal details', 'Change password']) {
    const box = await page.getByRole('heading', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
});

// For reviewing the layout by eye: PROFILE_SHOTS_DIR=/tmp/shots-profile node scripts/e2e.mjs e2e/profile.spec.ts
const SHOTS = process.env.PROFILE_SHOTS_DIR;
test('screenshots at 390 and 1440 px, light and dark', async ({ page, request }) => {
  test.skip(!SHOTS, 'set PROFILE_SHOTS_DIR to take them');
  test.slow(); // four full-page reloads
  const email = await createTenantAdmin(request);
  await openProfile(page, email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeHidden({ timeout: scaled(5_000) });
  for (const mode of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('TB-theme', value), mode);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${SHOTS}/profile-${width}-${mode}.png`, fullPage: true, animations: 'disabled' });
    }
  }
});
