import { expect, test, type Locator, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { readFileSync } from 'node:fs';
import { watchCsp } from './csp-watch';
import { MQTT_PORT, createDevice } from './dashboard-support';
import { apiCall, DEMO_USERS, hasHorizontalScroll, postTelemetry, saveScreenshot, scaled, signIn } from './support';

// Issue 7, "Done when": a dashboard built from scratch in the browser updates live from MQTT, opens
// for an anonymous visitor through its public link, and a ThingsBoard 3.2 dashboard file imports and
// renders with its states and actions.

const TENANT_ADMIN = DEMO_USERS[1];

/** Publishes like a device: MQTT QoS 1 to v1/devices/me/telemetry, authenticated by its token. */
async function publishMqtt(token: string, payload: unknown) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, { username: token, reconnectPeriod: 0 });
  try {
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify(payload), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

const widget = (page: Page, type: string): Locator =>
  page.locator(`[data-testid=dashboard-widget][data-widget-type="${type}"]`);

async function addWidget(page: Page, bundle: string, name: string, key: string) {
  await page.getByTestId('add-widget').click();
  const library = page.getByRole('dialog', { name: 'Add widget' });
  await library.getByRole('combobox', { name: 'Widgets bundle' }).click();
  await page.getByRole('option', { name: bundle, exact: true }).click();
  await library.getByRole('button', { name, exact: true }).click();
  const config = page.getByTestId('widget-config-dialog');
  await expect(config).toBeVisible();
  // The type's default datasource (a demo function) gives way to the device's key.
  while ((await config.getByRole('button', { name: 'Remove datasource' }).count()) > 0) {
    await config.getByRole('button', { name: 'Remove datasource' }).first().click();
  }
  await config.getByTestId('add-datasource').click();
  await config.getByTestId('datasource-keys-0').fill(key);
  await page.getByRole('option', { name: key, exact: true }).click();
  await expect(config.getByTestId('data-key-chip')).toHaveCount(1);
  await config.getByTestId('widget-config-save').click();
  await expect(config).toBeHidden();
}

test('a tenant admin builds a live dashboard in the browser and an anonymous visitor opens its public link', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(90_000));
  // The editor (widget library, settings forms) and live widgets work under the CSP.
  const cspViolations = await watchCsp(page);
  const suffix = Date.now().toString(36);
  const title = `Boiler room ${suffix}`;
  const deviceName = `Boiler ${suffix}`;
  await signIn(page, TENANT_ADMIN);
  const device = await createDevice(page, deviceName);
  await postTelemetry(page, device.token, { temperature: 20.5 });

  // --- A new, empty dashboard from the list; a click opens it.
  await page.goto('/dashboards');
  await page.getByRole('button', { name: 'Add dashboard' }).click();
  const form = page.getByRole('dialog', { name: 'Add dashboard' });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByText(title)
    .click();
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('dashboard-title')).toHaveText(title);

  // --- Edit: an alias for the device, then a card and a chart bound to its temperature.
  await page.getByTestId('dashboard-edit').click();
  await page.getByTestId('open-aliases').click();
  const aliases = page.getByRole('dialog', { name: 'Entity aliases' });
  await aliases.getByRole('button', { name: 'Add alias' }).click();
  const alias = page.getByRole('dialog', { name: 'Add alias' });
  await alias.getByLabel('Alias name').fill('Boiler');
  await alias.getByRole('combobox', { name: 'Filter type' }).click();
  await page.getByRole('option', { name: 'Entity name', exact: true }).click();
  await alias.getByRole('combobox', { name: 'Entity type' }).click();
  await page.getByRole('option', { name: 'Device', exact: true }).click();
  await alias.getByLabel('Name starts with').fill(deviceName);
  await alias.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(aliases.getByText('Boiler', { exact: true })).toBeVisible();
  await aliases.getByRole('button', { name: 'Save', exact: true }).click();

  await addWidget(page, 'Cards', 'Simple card', 'temperature');
  await addWidget(page, 'Charts', 'Timeseries Line Chart', 'temperature');
  await expect(widget(page, 'cards.simple_card')).toContainText('20.5');
  // Undo takes back the chart's configuration, then the chart; redo brings both back.
  await page.getByTestId('undo').click();
  await page.getByTestId('undo').click();
  await expect(widget(page, 'charts.basic_timeseries')).toHaveCount(0);
  await page.getByTestId('redo').click();
  await page.getByTestId('redo').click();
  await expect(widget(page, 'charts.basic_timeseries')).toHaveCount(1);
  await expect(page.getByTestId('redo')).toBeDisabled();
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'dashboard-editor-desktop.png');
  await page.getByTestId('save-dashboard').click();
  await expect(page.getByTestId('dashboard-editor')).toHaveCount(0);

  // --- Live: a value published over MQTT reaches both widgets.
  const chart = widget(page, 'charts.basic_timeseries');
  await expect(chart).toHaveAttribute('data-points', '1');
  await publishMqtt(device.token, { temperature: 42.5 });
  await expect(widget(page, 'cards.simple_card')).toContainText('42.5');
  await expect(chart).toHaveAttribute('data-points', '2');
  await saveScreenshot(page, 'dashboard-view-desktop.png');

  // The saved configuration is ThingsBoard's shape: one alias, two widgets on the root state.
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const saved = (await apiCall(page, 'GET', `/api/dashboard/${id}`)).body as {
    configuration: { entityAliases: Record<string, { alias: string }>; widgets: Record<string, { typeAlias: string }> };
  };
  expect(Object.values(saved.configuration.entityAliases).map((a) => a.alias)).toEqual(['Boiler']);
  expect(
    Object.values(saved.configuration.widgets)
      .map((w) => w.typeAlias)
      .sort(),
  ).toEqual(['basic_timeseries', 'simple_card']);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(widget(page, 'cards.simple_card')).toContainText('42.5');
  // Widgets redraw to their new width a frame or two after the resize.
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'dashboard-view-phone.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await cspViolations()).toEqual([]);

  // --- Public: the link opens for a visitor without an account, full screen, with live data. As in
  // ThingsBoard, the device must be public too for its data to show.
  expect((await apiCall(page, 'POST', `/api/customer/public/device/${device.id}`)).status).toBe(200);
  await page.goto('/dashboards');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: 'Make dashboard public' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  const link = await page.getByTestId('dashboard-public-link').inputValue();
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(link);
  await expect(anon).toHaveURL(/\/dashboard\/[0-9a-f-]{36}\?publicId=/);
  await expect(widget(anon, 'cards.simple_card')).toContainText('42.5');
  await expect(anon.getByRole('navigation')).toHaveCount(0); // no app menu: forced full screen
  await expect(anon.getByTestId('dashboard-edit')).toHaveCount(0);
  await publishMqtt(device.token, { temperature: 43.25 });
  await expect(widget(anon, 'cards.simple_card')).toContainText('43.3');
  await visitor.close();
});

test('a ThingsBoard 3.2 dashboard file imports and renders, and its table opens the device state', async ({ page }) => {
  await signIn(page, TENANT_ADMIN);
  const boiler = await createDevice(page, 'Plant boiler');
  const pump = await createDevice(page, 'Plant pump');
  const now = Date.now();
  await postTelemetry(
    page,
    boiler.token,
    Array.from({ length: 30 }, (_, i) => ({
      ts: now - (30 - i) * 60_000,
      values: { temperature: 60 + i / 10, pressure: 4.5 },
    })),
  );
  await postTelemetry(page, pump.token, { temperature: 18.25, pressure: 2.1 });

  await page.goto('/dashboards');
  const file = readFileSync(new URL('./fixtures/tb32-plant-dashboard.json', import.meta.url));
  await page
    .getByTestId('dashboard-import-input')
    .setInputFiles({ name: 'plant.json', mimeType: 'application/json', buffer: file });
  const title = 'Plant overview (ThingsBoard 3.2)';
  await page
    .getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })
    .getByText(title)
    .click();

  await expect(page.locator('[data-testid=dashboard-widget]')).toHaveCount(4);
  await expect(widget(page, 'cards.simple_card')).toContainText('62.9 °C');
  await expect(widget(page, 'analogue_gauges.radial_gauge_canvas_gauges').locator('canvas')).toBeVisible();
  await expect(widget(page, 'charts.basic_timeseries')).toHaveAttribute('data-points', '60');
  const table = widget(page, 'cards.entities_table');
  await expect(table.getByRole('row')).toHaveCount(3); // header + two plant devices
  await saveScreenshot(page, 'dashboard-imported-desktop.png');

  // The time-window panel switches the dashboard to history: the chart gets the playback bar, whose
  // "next" walks the cursor from one data time to the next.
  await page.getByRole('button', { name: 'Realtime - last hour' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  const chart = widget(page, 'charts.basic_timeseries');
  await expect(chart.getByRole('button', { name: 'Play' })).toBeVisible();
  const time = chart.getByTestId('playback-time');
  const first = await time.textContent();
  await chart.getByRole('button', { name: 'Next' }).click();
  await expect(time).not.toHaveText(first ?? '');

  // The table's row click opens the device details state (an action of the imported file).
  await table.getByRole('row', { name: /Plant pump/ }).click();
  await expect(page.getByTestId('dashboard-state-breadcrumbs')).toContainText('Plant pump details');
  await expect(page.locator('[data-testid=dashboard-widget]')).toHaveCount(1);
  await expect(widget(page, 'cards.simple_card')).toContainText('18.3 °C');
  await page.getByTestId('dashboard-state-breadcrumbs').getByRole('button', { name: 'Plant overview' }).click();
  await expect(page.locator('[data-testid=dashboard-widget]')).toHaveCount(4);

  // The file turns on the dashboard select panel: it lists the user's dashboards and opens another.
  const other = `Other plant ${Date.now().toString(36)}`;
  await apiCall(page, 'POST', '/api/dashboard', { title: other });
  await page.reload();
  const select = page.getByRole('combobox', { name: 'Dashboard' });
  await expect(select).toHaveText(title);
  await select.click();
  await page.getByRole('option', { name: other }).click();
  await expect(page.getByTestId('dashboard-title')).toHaveText(other);
});
