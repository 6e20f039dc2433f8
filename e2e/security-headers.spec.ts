import { expect, test } from '@playwright/test';
import { watchCsp } from './csp-watch';
import { createDashboard, createDevice, deviceAlias } from './dashboard-support';
import { DEMO_USERS, postTelemetry, scaled, signIn, signInWithForm } from './support';

// Issue 18: the app runs under a Content-Security-Policy (no inline script), and nothing it does is
// refused by it: sign-in, the screens, the API docs, widget settings forms and map tiles.

const TENANT_ADMIN = DEMO_USERS[1];

test('the sign-in page, the app and the API docs run under the Content-Security-Policy, no violation', async ({
  page,
}) => {
  test.setTimeout(scaled(60_000));
  const cspViolations = await watchCsp(page);
  const login = await page.goto('/login');
  const headers = login!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain("'unsafe-inline' 'unsafe-eval'"); // not the frame's
  expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP here
  await signInWithForm(page, TENANT_ADMIN); // the form itself, under the policy
  await page.goto('/devices');
  await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('SAPO Dashboard API');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  expect(await cspViolations()).toEqual([]);
});

test('a widget settings form (JSON schema) and a map of OpenStreetMap tiles work under the policy', async ({
  page,
}) => {
  test.setTimeout(scaled(60_000));
  const cspViolations = await watchCsp(page);
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const device = await createDevice(page, `CSP tracker ${suffix}`);
  await postTelemetry(page, device.token, { latitude: 50.45, longitude: 30.52, power: 3 });
  const datasource = (keys: string[]) => [
    {
      type: 'entity',
      entityAliasId: 'a1',
      dataKeys: keys.map((name) => ({ name, type: 'timeseries', label: name, color: '#000' })),
    },
  ];
  const id = await createDashboard(
    page,
    `CSP ${suffix}`,
    [
      {
        widget: {
          id: 'card',
          isSystemType: true,
          bundleAlias: 'cards',
          typeAlias: 'simple_card',
          config: { title: 'Power', showTitle: true, datasources: datasource(['power']) },
        },
        layout: { sizeX: 6, sizeY: 3, row: 0, col: 0 },
      },
      {
        widget: {
          id: 'map',
          isSystemType: true,
          bundleAlias: 'maps_v2',
          typeAlias: 'openstreetmap',
          config: { title: 'Where', showTitle: true, datasources: datasource(['latitude', 'longitude']) },
        },
        layout: { sizeX: 12, sizeY: 6, row: 3, col: 0 },
      },
    ],
    { aliases: deviceAlias(device.id, 'Tracker'), stateName: 'CSP' },
  );
  await page.goto(`/dashboards/${id}`);
  const card = page.locator('[data-testid=dashboard-widget]', { hasText: 'Power' });
  await expect(card).toContainText('3');
  // Leaflet asks for the tiles (they may not arrive offline; the policy must not refuse them).
  await expect(page.locator('img.leaflet-tile').first()).toBeAttached();

  await page.getByTestId('dashboard-edit').click();
  await card.getByTestId('widget-edit').click();
  const config = page.getByTestId('widget-config-dialog');
  await config.getByRole('tab', { name: 'Settings' }).click();
  await expect(config.locator('input, textarea, [role=combobox]').first()).toBeVisible();
  await expect(config.locator('.Mui-error')).toHaveCount(0);
  await config.getByTestId('widget-config-save').click();
  await expect(config).toBeHidden();
  expect(await cspViolations()).toEqual([]);
});
