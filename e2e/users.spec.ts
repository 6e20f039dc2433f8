import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, fillSignIn, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

// Every user here is created by the test itself (unique emails); the demo users are only read.
const [SYSADMIN, TENANT] = DEMO_USERS;
const PASSWORD = 'Users123!';

const unique = (tag: string) => `u${Date.now()}${Math.floor(Math.random() * 1e4)}-${tag}@example.com`;

async function apiToken(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: { username: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Id of a demo entity found by its title through the API (the list screens are someone else's). */
async function findId(request: APIRequestContext, token: string, path: string, title: string): Promise<string> {
  const res = await request.get(`${path}?pageSize=50&page=0&textSearch=${encodeURIComponent(title)}`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const page = (await res.json()) as { data: { id: { id: string }; title: string }[] };
  const found = page.data.find((item) => item.title === title);
  expect(found, `${title} in ${path}`).toBeTruthy();
  return found!.id.id;
}

async function openCustomerAUsers(page: Page, request: APIRequestContext, viaCustomers = false) {
  const customerId = await findId(request, await apiToken(request, TENANT), '/api/customers', 'Customer A');
  await signIn(page, TENANT);
  if (viaCustomers) {
    await page.goto('/customers');
    const customerRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Customer A', exact: true }) });
    await customerRow.getByRole('button', { name: 'Manage customer users' }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customerId}/users$`));
  } else {
    await page.goto(`/customers/${customerId}/users`);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('Customer: Customer A')).toBeVisible();
  await expect(page).toHaveTitle('SAPO Dashboard | Users');
  return customerId;
}

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const row = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });
const drawer = (page: Page) => page.getByRole('dialog', { name: /@/ });

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

async function addUser(page: Page, email: string, fill?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(email);
  await fill?.(dialog);
  return dialog;
}

async function chooseActivation(page: Page, dialog: Locator, mode: string) {
  await dialog.getByRole('combobox', { name: 'Activation method' }).click();
  await page.getByRole('option', { name: mode }).click();
}

async function confirm(page: Page, title: string | RegExp, ok: string) {
  const dialog = page.getByTestId('dialog-confirm');
  await expect(dialog.getByRole('heading')).toHaveText(title);
  await dialog.getByRole('button', { name: ok }).click();
}

/** A fresh browser context (another person), at the same server. */
async function otherPerson(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('a tenant admin adds a customer user with an activation link, who activates the account', async ({
  page,
  request,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(scaled(90_000));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCustomerAUsers(page, request, true);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('Customer A: Users');
  const email = unique('link');

  const dialog = await addUser(page, email, async (d) => {
    await d.getByLabel('First name').fill('Lin');
    await d.getByLabel('Last name').fill('Kaye');
    await d.getByLabel('Description').fill('Invited by link');
  });
  // Both customer roles are offered; "display activation link" is the default method.
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText(['Customer user', 'Customer administrator']);
  await page.getByRole('option', { name: 'Customer user' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Activation method' })).toHaveText('Display activation link');
  await saveScreenshot(page, 'user-add-1440.png');

  const saved = page.waitForRequest((r) => r.url().includes('/api/user?') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const request1 = await saved;
  expect(new URL(request1.url()).searchParams.get('sendActivationMail')).toBe('false');
  expect(request1.postDataJSON()).toMatchObject({
    email,
    firstName: 'Lin',
    authority: 'CUSTOMER_USER',
    additionalInfo: { description: 'Invited by link' },
  });

  const linkDialog = page.getByRole('dialog', { name: 'Activation link' });
  await expect(linkDialog).toBeVisible();
  await expect(linkDialog.getByText('valid for a limited time')).toBeVisible();
  const link = await linkDialog.getByTestId('activation-link').inputValue();
  expect(link).toMatch(/^https?:\/\/[^/]+\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}$/);
  await linkDialog.getByRole('button', { name: 'Copy activation link' }).first().click();
  await expect(page.getByText('User activation link has been copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await linkDialog.getByRole('button', { name: 'OK' }).click();

  await searchFor(page, email);
  // 'Not activated' once the server tells activation apart from disabled; 'Not active' until then.
  await expect(row(page, email)).toContainText(/Not activated|Not active/);
  await expect(row(page, email)).toContainText('Customer user');

  // The link is built on the server's configured base URL; the invitee opens it on ours.
  const invitee = await otherPerson(browser, baseURL);
  const { pathname, search } = new URL(link);
  await invitee.page.goto(pathname + search);
  await expect(invitee.page).toHaveURL(/\/login\/createPassword\?activateToken=/);
  await invitee.page.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await invitee.page.getByLabel(/^Password again/).fill(PASSWORD);
  await invitee.page.getByRole('button', { name: 'Create password' }).click();
  await expect(invitee.page).toHaveURL(/\/home$/);
  await expect(invitee.page.getByTestId('authority')).toHaveText('CUSTOMER_USER');
  await invitee.context.close();

  // Once activated, the row says so and the activation actions are gone.
  await page.reload();
  await searchFor(page, email);
  await expect(row(page, email)).toContainText('Active');
  await expect(row(page, email).getByRole('button', { name: 'Display activation link' })).toHaveCount(0);
});

test('a manual password user signs in, is promoted, demoted, disabled and deleted', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(scaled(90_000));
  await openCustomerAUsers(page, request);
  const email = unique('manual');

  // Form checks first: a bad email and mismatching passwords send nothing, and nothing typed is lost.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user?') && r.method() === 'POST') posts.push(r.url());
  });
  const dialog = await addUser(page, 'not-an-email');
  await chooseActivation(page, dialog, 'Set password manually');
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByLabel(/^Repeat password/).fill('different');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Invalid email format.')).toBeVisible();
  await expect(dialog.getByText('Entered passwords must be same!')).toBeVisible();
  expect(posts).toEqual([]);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Repeat password/).fill(PASSWORD);
  await expect(dialog.getByText('Entered passwords must be same!')).toBeHidden();

  // A password the policy refuses: the server's message lands under the password field.
  await dialog.getByLabel(/^Password/).fill('abc');
  await dialog.getByLabel(/^Repeat password/).fill('abc');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Password must be 6 or more characters in length.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByLabel(/^Repeat password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`User ${email} was created`)).toBeVisible();
  expect(new URL(posts.at(-1)!).searchParams.get('password')).toBe(PASSWORD);

  await searchFor(page, email);
  await expect(row(page, email)).toContainText('Active');

  // The new user signs in elsewhere.
  const person = await otherPerson(browser, baseURL);
  await fillSignIn(person.page, email, PASSWORD);
  await expect(person.page.getByTestId('authority')).toHaveText('CUSTOMER_USER');
  await person.context.close();

  // Details panel: promote, then demote.
  await row(page, email).getByRole('cell').first().click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByText('Customer user')).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Make customer administrator' }).click();
  await confirm(page, `Make '${email}' a customer administrator?`, 'Make customer administrator');
  await expect(drawer(page).getByText('Customer administrator')).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Make customer user' }).click();
  await confirm(page, `Make '${email}' a customer user?`, 'Make customer user');
  await expect(drawer(page).getByText('Customer user')).toBeVisible();

  // Edit: the same dialog without role, activation and password; the panel shows the change.
  await drawer(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByRole('combobox', { name: 'Activation method' })).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Last name').fill('Renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(drawer(page).getByText('Renamed')).toBeVisible();

  // Disable: the account stops working, with the server's message on the sign-in form.
  await drawer(page).getByRole('button', { name: 'Disable account' }).click();
  await confirm(page, `Disable the account of '${email}'?`, 'Disable account');
  await expect(drawer(page).getByTestId('user-status')).toHaveText('Disabled');
  const again = await otherPerson(browser, baseURL);
  await fillSignIn(again.page, email, PASSWORD);
  await expect(again.page.getByRole('alert')).toHaveText('User account is not active');
  await again.context.close();

  // Enable is offered again; then delete, confirmed by email.
  await expect(drawer(page).getByRole('button', { name: 'Enable account' })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Delete' }).click();
  await confirm(page, `Are you sure you want to delete the user '${email}'?`, 'Delete');
  await expect(page.getByText(`User ${email} was deleted`)).toBeVisible();
  await expect(drawer(page)).toBeHidden();
  await expect(row(page, email)).toHaveCount(0);
});

test('a locked-out customer user shows as Locked and the tenant admin unlocks the account', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(scaled(90_000));
  const customerId = await openCustomerAUsers(page, request);
  const email = unique('locked');
  const created = await request.post(`/api/user?sendActivationMail=false&password=${encodeURIComponent(PASSWORD)}`, {
    headers: { 'X-Authorization': `Bearer ${await apiToken(request, TENANT)}` },
    data: { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: customerId } },
  });
  expect(created.status()).toBe(200);
  // Someone guesses: the sixth wrong password locks the account (maxFailedLoginAttempts 5).
  for (let i = 0; i < 6; i++) {
    const guess = await request.post('/api/auth/login', { data: { username: email, password: `guess-${i}` } });
    expect(guess.status()).toBe(401);
  }

  // The owner, with the right password, is told nothing more than a stranger would be.
  const owner = await otherPerson(browser, baseURL);
  await fillSignIn(owner.page, email, PASSWORD);
  await expect(owner.page.getByRole('alert')).toHaveText('Invalid username or password');

  await searchFor(page, email);
  await expect(row(page, email).getByTestId('user-status')).toHaveText('Locked');
  await row(page, email).getByRole('cell').first().click();
  await expect(drawer(page).getByTestId('user-status')).toHaveText('Locked');
  await expect(drawer(page).getByText('Locked until')).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Enable account' })).toHaveCount(0);
  await drawer(page).getByRole('button', { name: 'Unlock account' }).click();
  await confirm(page, `Unlock the account of '${email}'?`, 'Unlock account');
  await expect(page.getByText(`Account of ${email} unlocked`)).toBeVisible();
  await expect(drawer(page).getByTestId('user-status')).toHaveText('Active');
  await expect(drawer(page).getByText('Locked until')).toHaveCount(0);

  await fillSignIn(owner.page, email, PASSWORD);
  await expect(owner.page.getByTestId('authority')).toHaveText('CUSTOMER_USER');
  await owner.context.close();
});

test('activation by mail: without a working mail server the user is not created and the form keeps its input', async ({
  page,
  request,
}) => {
  await openCustomerAUsers(page, request);
  const email = unique('mail');
  const dialog = await addUser(page, email, (d) => d.getByLabel('First name').fill('Mae'));
  await chooseActivation(page, dialog, 'Send activation mail');
  const answer = page.waitForResponse((r) => r.url().includes('/api/user?') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const response = await answer;
  expect(new URL(response.url()).searchParams.get('sendActivationMail')).toBe('true');
  if (response.ok()) {
    // A mail server is configured on this instance: the mail went out.
    await expect(page.getByText(`Activation email was sent to ${email}`)).toBeVisible();
    return;
  }
  await expect(dialog.getByRole('alert')).toContainText('Unable to send mail');
  await expect(dialog.getByRole('alert')).toContainText('The user was not created');
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByLabel('First name')).toHaveValue('Mae');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await searchFor(page, email);
  await expect(table(page).getByText('No users matching')).toHaveCount(0);
  await expect(page.getByText(`No users matching '${email}' were found.`)).toBeVisible();
});

test('the customer users screen fits a phone and the dark theme', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(scaled(60_000));
  const customerId = await openCustomerAUsers(page, request);
  await expect(row(page, 'customer@sapo.local')).toBeVisible();
  await saveScreenshot(page, 'users-1440.png');
  // Sorting is the server's: a click on Email asks for it.
  const sorted = page.waitForRequest((r) => r.url().includes('/users?') && r.url().includes('sortProperty=email'));
  await table(page).getByRole('button', { name: 'Email' }).click();
  expect(new URL((await sorted).url()).searchParams.get('sortOrder')).toBe('ASC');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, 'customer@sapo.local')).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'users-390.png');

  const dark = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await dark.addInitScript(() => localStorage.setItem('TB-theme', 'dark'));
  const darkPage = await dark.newPage();
  await signIn(darkPage, TENANT);
  await darkPage.goto(`/customers/${customerId}/users`);
  await expect(row(darkPage, 'customer@sapo.local')).toBeVisible();
  await saveScreenshot(darkPage, 'users-1440-dark.png');
  await dark.close();
});

test('the system administrator sees the demo tenant users and may log in as its administrator', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, SYSADMIN);
  const tenantId = await findId(request, token, '/api/tenants', 'Tenant');
  const access = await request.get('/api/user/tokenAccessEnabled', {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  const tokenAccess = (await access.json()) === true;

  await signIn(page, SYSADMIN);
  await page.goto(`/tenants/${tenantId}/users`);
  await expect(page.getByText('Tenant: Tenant')).toBeVisible();
  const tenantAdmin = row(page, TENANT.email);
  await expect(tenantAdmin).toContainText('Tenant administrator');
  await expect(tenantAdmin).toContainText('Active');
  const loginAs = tenantAdmin.getByRole('button', { name: 'Login as user' });
  if (!tokenAccess) {
    await expect(loginAs).toHaveCount(0);
    return;
  }
  await loginAs.click();
  // Nothing of the system administrator's page may be refetched with the new session (it would be refused).
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  await confirm(page, `Sign in as '${TENANT.email}'?`, 'Login as user');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('authority')).toHaveText('TENANT_ADMIN');
  // The menu is the tenant administrator's now.
  await expect(page.getByRole('link', { name: 'Customers' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tenants' })).toHaveCount(0);
  expect(refused).toEqual([]);
  await expect(page.getByTestId('dialog-permission-denied')).toHaveCount(0);
});
