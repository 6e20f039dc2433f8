import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DEMO_USERS } from './support';

// Sign-in flows of spec 1-client §2.2–2.4: reset by e-mail, expired password, activation, start-up
// parameters, OAuth2 links and the login white-label. Mail is real: the server delivers to a tiny
// SMTP sink started here, so the reset link is the one a user would get.

const [SYSADMIN, TENANT] = DEMO_USERS;
const NEW_PASSWORD = 'N3w-Passw0rd!';
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let sequence = 0;
/** A fresh address per test (and per run, as retries reuse the server). */
const uniqueEmail = (what: string) => `${what}-${Date.now().toString(36)}-${sequence++}@e2e.sapo.local`;

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; refreshToken: string };
}

const auth = (token: string) => ({ 'X-Authorization': `Bearer ${token}` });

/** A tenant user created by the demo tenant admin, not yet activated; returns the activation link's path. */
async function inviteUser(request: APIRequestContext, email: string): Promise<string> {
  const { token } = await apiLogin(request, TENANT.email, TENANT.password);
  const created = await request.post('/api/user?sendActivationMail=false', {
    headers: auth(token),
    data: { email, authority: 'TENANT_USER' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: { id: string } };
  const link = await request.get(`/api/user/${id.id}/activationLink`, { headers: auth(token) });
  expect(link.status()).toBe(200);
  const url = new URL(await link.text());
  return url.pathname + url.search; // the server's base URL may name another host; the path is what matters
}

/** An active tenant user with NEW_PASSWORD's predecessor as password. */
async function activeUser(request: APIRequestContext, email: string, password: string) {
  const path = await inviteUser(request, email);
  const activateToken = new URL(path, 'http://x').searchParams.get('activateToken');
  const res = await request.post('/api/noauth/activate?sendActivationMail=false', {
    data: { activateToken, password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Accepts SMTP sessions and keeps each message's raw text. */
function startSmtpSink(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    socket.setEncoding('utf8');
    socket.write('220 e2e-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 OK\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-e2e-sink\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          data = [];
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n'); // HELO, MAIL FROM, RCPT TO, RSET, NOOP
      }
    });
    socket.on('error', () => socket.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, messages, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The token of the last link of a kind mailed to an address (quoted-printable undone). */
function mailedToken(messages: string[], to: string, param: 'resetToken'): string | undefined {
  const decoded = messages
    .filter((message) => message.includes(to))
    .map((message) =>
      message
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  return decoded.at(-1)?.match(new RegExp(`${param}=([A-Za-z0-9]+)`))?.[1];
}

async function expectSignedInHome(page: Page, authority: string) {
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByTestId('authority')).toHaveText(authority);
}

test.describe('password reset', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let previousMail: unknown;

  test.beforeAll(async ({ request }) => {
    sink = await startSmtpSink();
    const { token } = await apiLogin(request, SYSADMIN.email, SYSADMIN.password);
    previousMail = (
      (await (await request.get('/api/admin/settings/mail', { headers: auth(token) })).json()) as { jsonValue: unknown }
    ).jsonValue;
    const res = await request.post('/api/admin/settings', {
      headers: auth(token),
      data: {
        key: 'mail',
        jsonValue: {
          mailFrom: 'SAPO e2e <e2e@sapo.local>',
          smtpProtocol: 'smtp',
          smtpHost: '127.0.0.1',
          smtpPort: String(sink.port),
          timeout: '5000',
          enableTls: false,
          username: '',
          password: '',
        },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  test.afterAll(async ({ request }) => {
    const { token } = await apiLogin(request, SYSADMIN.email, SYSADMIN.password);
    await request.post('/api/admin/settings', { headers: auth(token), data: { key: 'mail', jsonValue: previousMail } });
    await sink.close();
  });

  test('a reset request by e-mail shows the toast, and the mailed link sets a new password and signs in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    await activeUser(request, email, 'Old-Passw0rd!');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/login\/resetPasswordRequest$/);
    await expect(page).toHaveTitle('SAPO Dashboard | Request password reset');

    // Validated on submit: required, then email-shaped.
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await page.getByLabel(/^Email/).fill('not-an-email');
    await send.click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();

    await page.getByLabel(/^Email/).fill(email);
    await send.click();
    await expect(page.getByTestId('toast-success')).toHaveText('Password reset link was successfully sent!');
    await expect(page).toHaveURL(/\/login$/);

    await expect.poll(() => mailedToken(sink.messages, email, 'resetToken')).toBeTruthy();
    const resetToken = mailedToken(sink.messages, email, 'resetToken')!;

    // The link in the mail goes through the server, which sends the browser on to the reset screen.
    await page.goto(`/api/noauth/resetPassword?resetToken=${resetToken}`);
    await expect(page).toHaveURL(new RegExp(`/login/resetPassword\\?resetToken=${resetToken}$`));
    await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.locator('input[name="newPassword2"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectSignedInHome(page, 'TENANT_USER');
    await expect(page.getByRole('heading', { name: `Welcome, ${email}` })).toBeVisible();

    // The new password works; the link does not work twice.
    await apiLogin(request, email, NEW_PASSWORD);
    const again = await request.post('/api/noauth/resetPassword', { data: { resetToken, password: 'An0ther-one!' } });
    expect(again.status()).toBe(400);
  });

  test('cancel on the reset request goes back to login', async ({ page }) => {
    await page.goto('/login/resetPasswordRequest');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('expired password and reset errors', () => {
  test('an expired password leads to the reset screen with its notice', async ({ page }) => {
    // The server answers this only for a password older than the policy allows; time cannot pass
    // in e2e, so the sign-in answer is the server's documented one, served by the browser.
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 401,
        json: {
          status: 401,
          message: 'User password expired!',
          errorCode: 15,
          timestamp: new Date().toISOString(),
          resetToken: 'expiredToken123',
        },
      }),
    );
    await page.goto('/login');
    await page.getByLabel('Username (email)').fill(TENANT.email);
    await page.getByLabel(/^Password/).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/resetExpiredPassword\?resetToken=expiredToken123$/);
    await expect(page.getByTestId('expired-password-notice')).toHaveText(
      'Your password has expired. Choose a new password to continue.',
    );
    await expect(page.getByTestId('toast-error')).toBeHidden();

    // That token is not the server's: its own message shows in the form.
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.locator('input[name="newPassword2"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid reset token!' })).toBeVisible();
    await expect(page).toHaveURL(/resetExpiredPassword/);
  });

  test('links without their token say so instead of showing a form', async ({ page }) => {
    await page.goto('/login/resetPassword');
    await expect(page.getByRole('alert')).toContainText('This password reset link is incomplete');
    await expect(page.locator('input[name="newPassword"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/login\/resetPasswordRequest$/);

    await page.goto('/login/createPassword');
    await expect(page.getByRole('alert')).toContainText('This activation link is incomplete');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('activation', () => {
  test('the activation link leads to create password and ends signed in on home', async ({ page, request }) => {
    const email = uniqueEmail('invited');
    const link = await inviteUser(request, email);

    await page.goto(link); // /api/noauth/activate?activateToken=… answers 303 to the screen
    await expect(page).toHaveURL(/\/login\/createPassword\?activateToken=\w+$/);
    await expect(page).toHaveTitle('SAPO Dashboard | Create password');

    // The password policy is the server's: its message shows in the form.
    await page.locator('input[name="password"]').fill('abc');
    await page.locator('input[name="password2"]').fill('abc');
    await page.getByRole('button', { name: 'Create password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password must be 6 or more characters in length.' }),
    ).toBeVisible();

    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="password2"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create password' }).click();
    await expectSignedInHome(page, 'TENANT_USER');
    await apiLogin(request, email, NEW_PASSWORD);
  });

  test('mismatching passwords show an error toast and send nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/noauth/activate')) calls.push(req.url());
    });
    await page.goto('/login/createPassword?activateToken=anything');
    await page.getByRole('button', { name: 'Create password' }).click();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page.getByText('Enter the password again.')).toBeVisible();

    await page.locator('input[name="password"]').fill('first-Passw0rd');
    await page.locator('input[name="password2"]').fill('second-Passw0rd');
    await page.getByRole('button', { name: 'Create password' }).click();
    await expect(page.getByTestId('toast-error')).toHaveText('Entered passwords must be same!');
    expect(calls).toEqual([]);
  });
});

test.describe('start-up parameters', () => {
  test('loginError shows a dialog with the message and a Close button', async ({ page }) => {
    await page.goto('/login?loginError=The%20identity%20provider%20refused%20the%20sign-in');
    const dialog = page.getByRole('dialog', { name: 'Login error' });
    await expect(dialog).toContainText('The identity provider refused the sign-in');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/login$/); // not shown again on reload
  });

  test('username and password sign in, and leave the address bar', async ({ page }) => {
    await page.goto(`/login?username=${encodeURIComponent(TENANT.email)}&password=${TENANT.password}`);
    await expectSignedInHome(page, TENANT.authority);
    expect(page.url()).not.toContain('password');
  });

  test('an access and refresh token pair is taken over, and leaves the address bar', async ({ page, request }) => {
    const pair = await apiLogin(request, TENANT.email, TENANT.password);
    await page.goto(`/home?accessToken=${pair.token}&refreshToken=${pair.refreshToken}`);
    await expectSignedInHome(page, TENANT.authority);
    expect(page.url()).not.toContain('Token');
  });

  test('a publicId that does not sign in is removed from the address', async ({ page }) => {
    const publicLogin = page.waitForResponse('**/api/auth/login/public');
    await page.goto('/login?publicId=00000000-0000-4000-8000-000000000000');
    expect((await publicLogin).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('sign-in page', () => {
  test('shows a link per OAuth2 client, then an "or" divider', async ({ page }) => {
    await page.route('**/api/noauth/oauth2Clients', (route) =>
      route.fulfill({
        json: [
          { name: 'Google', icon: 'mdi:google', url: '/oauth2/authorization/google' },
          { name: 'Corporate SSO', icon: PNG_1PX, url: 'https://sso.example.com/start' },
        ],
      }),
    );
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/google',
    );
    await expect(page.getByRole('link', { name: 'Login with Corporate SSO' })).toHaveAttribute(
      'href',
      'https://sso.example.com/start',
    );
    await expect(page.getByRole('separator')).toHaveText('or');
  });

  test('without OAuth2 clients there are no links and no divider', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('oauth2-clients')).toHaveCount(0);
  });

  test('the login white-label of the host name brands the page', async ({ page, request, baseURL }) => {
    // Served on "localhost" while every other test uses 127.0.0.1, so only this page is branded.
    const host = new URL(baseURL!);
    host.hostname = 'localhost';
    const { token } = await apiLogin(request, TENANT.email, TENANT.password);
    const saved = await request.post('/api/whiteLabel/login', {
      headers: auth(token),
      data: {
        domainName: 'localhost',
        title: 'Acme IoT',
        intro: 'Welcome to the Acme fleet',
        logo: PNG_1PX,
        logoHeight: 64,
        icon: PNG_1PX,
        background: '#203040',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    try {
      await page.goto(new URL('/login', host).toString());
      await expect(page).toHaveTitle('Acme IoT | Login');
      await expect(page.getByTestId('login-intro')).toHaveText('Welcome to the Acme fleet');
      const logo = page.getByRole('img', { name: 'Acme IoT' });
      await expect(logo).toHaveAttribute('src', PNG_1PX);
      expect(await logo.evaluate((img) => img.getBoundingClientRect().height)).toBe(64);
      await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', PNG_1PX);
      const background = await page.getByRole('main').evaluate((main) => getComputedStyle(main).backgroundColor);
      expect(background).toBe('rgb(32, 48, 64)');

      if (process.env.SIGNIN_SHOTS_DIR) {
        await page.screenshot({ path: join(process.env.SIGNIN_SHOTS_DIR, 'login-white-label-1440-light.png') });
      }

      // The same host keeps its brand on the other sign-in screens.
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveTitle('Acme IoT | Request password reset');
    } finally {
      await request.delete('/api/whiteLabel/login', { headers: auth(token) });
    }
  });
});

// Review screenshots of every sign-in screen (not product docs): SIGNIN_SHOTS_DIR=/tmp/shots-signin.
test.describe('screenshots', () => {
  const dir = process.env.SIGNIN_SHOTS_DIR;
  test.skip(!dir, 'set SIGNIN_SHOTS_DIR to take them');

  const screens = [
    ['login', '/login'],
    ['reset-request', '/login/resetPasswordRequest'],
    ['reset', '/login/resetPassword?resetToken=abc'],
    ['reset-expired', '/login/resetExpiredPassword?resetToken=abc'],
    ['create', '/login/createPassword?activateToken=abc'],
    ['reset-no-token', '/login/resetPassword'],
  ] as const;

  for (const theme of ['light', 'dark'] as const) {
    test(`every sign-in screen at 390 and 1440 px, ${theme}`, async ({ page }) => {
      mkdirSync(dir!, { recursive: true });
      await page.addInitScript((mode) => localStorage.setItem('TB-theme', mode), theme);
      await page.route('**/api/noauth/oauth2Clients', (route) =>
        route.fulfill({ json: [{ name: 'Google', icon: 'mdi:google', url: '/oauth2/authorization/google' }] }),
      );
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        for (const [name, path] of screens) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          const horizontalScroll = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          );
          expect(horizontalScroll, `${name} at ${width}px scrolls sideways`).toBe(false);
          await page.screenshot({ path: join(dir!, `${name}-${width}-${theme}.png`), animations: 'disabled' });
        }
      }
    });
  }
});
