import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, DEMO_USERS, hasHorizontalScroll, postTelemetry, saveScreenshot, scaled, signIn } from './support';

const [, TENANT_ADMIN, CUSTOMER_USER] = DEMO_USERS;

// A device sends telemetry over HTTP; its details show it live, chart it, and manage its attributes.
test.describe.configure({ timeout: scaled(150_000) });

const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

const liveRow = (scope: Locator, key: string) => scope.locator(`tr[data-key="${key}"]`);
const liveValue = (scope: Locator, key: string) => liveRow(scope, key).getByTestId('live-value');

/** Before a screenshot: no toast, no table or chart still loading. */
async function settle(page: Page) {
  await expect(page.locator('[data-testid^="toast-"]')).toHaveCount(0);
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

async function openEntity(page: Page, name: string, path = '/devices') {
  await page.goto(path);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('row').filter({ hasText: name }).getByText(name).click();
  return page.getByRole('dialog', { name });
}

async function addAttribute(
  page: Page,
  drawer: Locator,
  key: string,
  type: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await drawer.getByRole('button', { name: 'Add attribute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add attribute' });
  await dialog.getByLabel(/^Key/).fill(key);
  await dialog.getByRole('combobox', { name: 'Value type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
}

test('a device posts telemetry: live latest values, a chart, and attributes of each type; customers only read', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const name = `E2E sensor ${suffix}`;
  await signIn(page, TENANT_ADMIN);

  // --- A device and its access token, then an hour of temperature history and current values.
  const created = await apiCall(page, 'POST', '/api/device', { name, label: 'Greenhouse' });
  expect(created.status).toBe(200);
  const deviceId = (created.body as { id: { id: string } }).id.id;
  const credentials = await apiCall(page, 'GET', `/api/device/${deviceId}/credentials`);
  const token = (credentials.body as { credentialsId: string }).credentialsId;
  const now = Date.now();
  await postTelemetry(
    page,
    token,
    Array.from({ length: 12 }, (_, i) => ({ ts: now - (55 - i * 5) * 60_000, values: { temperature: 18 + (i % 5) } })),
  );
  await postTelemetry(page, token, { temperature: 21.5, humidity: 40, status: 'heating' });

  const drawer = await openEntity(page, name);
  await drawer.getByRole('tab', { name: 'Latest telemetry' }).click();
  await expect(liveValue(drawer, 'temperature')).toHaveText('21.5');
  await expect(liveValue(drawer, 'humidity')).toHaveText('40');
  await expect(liveValue(drawer, 'status')).toHaveText('heating');
  await expect(drawer.getByRole('status').getByText('Live')).toBeVisible();

  // --- Posted again: the value changes in place, no reload.
  await postTelemetry(page, token, { temperature: 23.25 });
  await expect(liveValue(drawer, 'temperature')).toHaveText('23.25');
  await expect(liveValue(drawer, 'humidity')).toHaveText('40');
  // The changed value flashes; the others do not. (Checked on a second update: on a busy machine the
  // subscription's first snapshot can arrive after the first post and already hold its value.)
  await postTelemetry(page, token, { temperature: 23.5 });
  await expect(liveValue(drawer, 'temperature')).toHaveText('23.5');
  const flashOf = (key: string) =>
    liveValue(drawer, key).evaluate((el) => getComputedStyle(el.parentElement ?? el).animationName);
  expect(await flashOf('temperature')).not.toBe('none');
  expect(await flashOf('humidity')).toBe('none');
  await drawer.getByRole('searchbox', { name: 'Search' }).fill('hum');
  await expect(liveRow(drawer, 'temperature')).toHaveCount(0);
  await drawer.getByRole('searchbox', { name: 'Search' }).fill('');
  await settle(page);
  await saveScreenshot(page, 'telemetry-latest-1440.png');

  // --- The chart: the last hour, averaged (spec §9), drawn on a canvas; then a fixed history range.
  await liveRow(drawer, 'temperature').getByRole('button', { name: 'Show chart: temperature' }).click();
  const chart = page.getByRole('dialog', { name: 'temperature' });
  await expect(chart.getByRole('combobox', { name: 'Aggregation' })).toHaveText('Average');
  await expect(chart.getByRole('combobox', { name: 'Grouping interval' })).toHaveText('15 seconds');
  const plot = chart.getByTestId('telemetry-chart');
  await expect(plot.locator('canvas')).toBeVisible();
  await expect.poll(async () => Number(await plot.getAttribute('data-points'))).toBeGreaterThanOrEqual(12);
  // Live: a new value shows up without reopening (an averaged chart asks again within 10 s).
  const before = Number(await plot.getAttribute('data-points'));
  await postTelemetry(page, token, { ts: Date.now() - 90_000, values: { temperature: 19 } });
  await expect
    .poll(async () => Number(await plot.getAttribute('data-points')), { timeout: scaled(20_000) })
    .toBeGreaterThan(before);
  // Raw values for the last minute: the live value arrives without a refetch.
  await chart.getByRole('combobox', { name: 'Time window' }).click();
  await page.getByRole('option', { name: 'Last 1 minute' }).click();
  await expect(chart.getByRole('combobox', { name: 'Aggregation' })).toHaveText('None');
  await postTelemetry(page, token, { temperature: 24 });
  await expect.poll(async () => Number(await plot.getAttribute('data-points'))).toBeGreaterThanOrEqual(1);
  await chart.getByRole('combobox', { name: 'Time window' }).click();
  await page.getByRole('option', { name: 'Last 1 hour' }).click();
  await expect.poll(async () => Number(await plot.getAttribute('data-points'))).toBeGreaterThanOrEqual(12);
  // The legend shows the values under the cursor.
  const legendValue = plot.locator('.u-legend .u-series').nth(1).locator('.u-value');
  await expect(legendValue).toHaveText('--');
  await plot.locator('.u-over').hover({ position: { x: 300, y: 100 } });
  await expect(legendValue).toHaveText(/^\d+(\.\d+)?$/);
  await saveScreenshot(page, 'telemetry-chart-1440.png');
  await chart.getByRole('button', { name: 'History' }).click();
  await expect(chart.getByLabel('Date from')).toBeVisible();
  await expect.poll(async () => Number(await plot.getAttribute('data-points'))).toBeGreaterThanOrEqual(12);
  await chart.getByRole('button', { name: 'Close' }).click();
  await expect(chart).toBeHidden();

  // --- Attributes: one of each type in server scope, with the spec's messages on the way.
  await drawer.getByRole('tab', { name: 'Attributes' }).click();
  await expect(drawer.getByRole('combobox', { name: 'Entity attributes scope' })).toHaveText('Server attributes');
  await expect(drawer.getByRole('status').getByText('Live')).toBeVisible(); // joined the open socket
  await addAttribute(page, drawer, 'firmware', 'String', (d) => d.getByLabel(/^String value/).fill('v1.2'));
  await addAttribute(page, drawer, 'maxTemp', 'Integer', async (d) => {
    await d.getByLabel(/^Integer value/).fill('4.2');
    await d.getByRole('button', { name: 'Add' }).click();
    await expect(d.getByText('Invalid integer value')).toBeVisible();
    await d.getByLabel(/^Integer value/).fill('42');
  });
  await addAttribute(page, drawer, 'ratio', 'Double', (d) => d.getByLabel(/^Double value/).fill('0.75'));
  await addAttribute(page, drawer, 'enabled', 'Boolean', (d) => d.getByRole('checkbox').check());
  await addAttribute(page, drawer, 'config', 'JSON', async (d) => {
    await d.getByRole('button', { name: 'Edit JSON' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit JSON' });
    await editor.getByRole('textbox', { name: 'JSON value' }).fill('{"mode": ');
    await expect(editor.getByText('JSON value has an invalid format')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
    await editor.getByRole('textbox', { name: 'JSON value' }).fill('{"mode": "eco", "levels": [1, 2]}');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await saveScreenshot(page, 'telemetry-attribute-add-1440.png');
  });
  await expect(liveValue(drawer, 'firmware')).toHaveText('v1.2');
  await expect(liveValue(drawer, 'maxTemp')).toHaveText('42');
  await expect(liveValue(drawer, 'ratio')).toHaveText('0.75');
  await expect(liveValue(drawer, 'enabled')).toHaveText('true');
  await expect(liveValue(drawer, 'config')).toHaveText('{"mode":"eco","levels":[1,2]}');
  const stored = await apiCall(page, 'GET', `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/SERVER_SCOPE`);
  const byKey = Object.fromEntries((stored.body as { key: string; value: unknown }[]).map((kv) => [kv.key, kv.value]));
  expect(byKey).toMatchObject({
    firmware: 'v1.2',
    maxTemp: 42,
    ratio: 0.75,
    enabled: true,
    config: { mode: 'eco', levels: [1, 2] },
  });

  // Edit: the dialog starts from the stored, typed value.
  await liveRow(drawer, 'maxTemp').getByRole('button', { name: 'Edit attribute: maxTemp' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit attribute' });
  await expect(edit.getByRole('combobox', { name: 'Value type' })).toHaveText('Integer');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel(/^Integer value/).fill('50');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(liveValue(drawer, 'maxTemp')).toHaveText('50');

  // Delete one, confirmed.
  await drawer.getByRole('checkbox', { name: 'Select firmware' }).check();
  await drawer.getByRole('toolbar', { name: '1 selected' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('dialog-confirm')).toContainText('Are you sure you want to delete 1 attribute?');
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, '1 attribute deleted');
  await expect(liveRow(drawer, 'firmware')).toHaveCount(0);
  await settle(page);
  await saveScreenshot(page, 'telemetry-attributes-1440.png');

  // Client attributes are the device's own: no add, no selection.
  await drawer.getByRole('combobox', { name: 'Entity attributes scope' }).click();
  await page.getByRole('option', { name: 'Client attributes' }).click();
  await expect(drawer.getByText('No attributes found')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Add attribute' })).toHaveCount(0);

  // --- Delete a time series key from the latest telemetry tab.
  await drawer.getByRole('tab', { name: 'Latest telemetry' }).click();
  await drawer.getByRole('checkbox', { name: 'Select humidity' }).check();
  await drawer.getByRole('toolbar', { name: '1 selected' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, '1 time series deleted');
  await expect(liveRow(drawer, 'humidity')).toHaveCount(0);
  const keys = await apiCall(page, 'GET', `/api/plugins/telemetry/DEVICE/${deviceId}/keys/timeseries`);
  expect(keys.body).not.toContain('humidity');

  // --- The customer user, on a phone: the device once assigned, values and charts, nothing to change.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const cpage = await context.newPage();
  await signIn(cpage, CUSTOMER_USER);
  const me = await apiCall(cpage, 'GET', '/api/auth/user');
  const customerId = (me.body as { customerId: { id: string } }).customerId.id;
  expect((await apiCall(page, 'POST', `/api/customer/${customerId}/device/${deviceId}`)).status).toBe(200);
  const cdrawer = await openEntity(cpage, name);
  await cdrawer.getByRole('tab', { name: 'Attributes' }).click();
  await expect(liveValue(cdrawer, 'maxTemp')).toHaveText('50');
  await expect(cdrawer.getByRole('button', { name: 'Add attribute' })).toHaveCount(0);
  await expect(cdrawer.getByRole('checkbox')).toHaveCount(0);
  await expect(cdrawer.getByRole('button', { name: /^Edit attribute/ })).toHaveCount(0);
  await expect.poll(() => hasHorizontalScroll(cpage)).toBe(false);
  await settle(cpage);
  await saveScreenshot(cpage, 'telemetry-attributes-390.png');

  await cdrawer.getByRole('tab', { name: 'Latest telemetry' }).click();
  await expect(liveValue(cdrawer, 'temperature')).toHaveText('24');
  await postTelemetry(page, token, { temperature: 25.5 });
  await expect(liveValue(cdrawer, 'temperature')).toHaveText('25.5');
  await cdrawer.getByRole('checkbox', { name: 'Select temperature' }).check();
  const cbar = cdrawer.getByRole('toolbar', { name: '1 selected' });
  await expect(cbar.getByRole('button', { name: 'Show chart' })).toBeVisible();
  await expect(cbar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await cdrawer.getByRole('checkbox', { name: 'Select temperature' }).uncheck();
  await expect.poll(() => hasHorizontalScroll(cpage)).toBe(false);
  await settle(cpage);
  await saveScreenshot(cpage, 'telemetry-latest-390.png');

  await liveRow(cdrawer, 'temperature').getByRole('button', { name: 'Show chart: temperature' }).click();
  const cchart = cpage.getByRole('dialog', { name: 'temperature' });
  await expect(cchart.getByTestId('telemetry-chart').locator('canvas')).toBeVisible();
  await expect
    .poll(async () => Number(await cchart.getByTestId('telemetry-chart').getAttribute('data-points')))
    .toBeGreaterThan(0);
  const box = await cchart.boundingBox();
  expect(box?.width).toBe(390); // full screen on a phone
  await expect.poll(() => hasHorizontalScroll(cpage)).toBe(false);
  await saveScreenshot(cpage, 'telemetry-chart-390.png');
  await context.close();

  // --- The chart follows the dark theme.
  await page.evaluate(() => localStorage.setItem('TB-theme', 'dark'));
  const dark = await openEntity(page, name);
  await dark.getByRole('tab', { name: 'Latest telemetry' }).click();
  await liveRow(dark, 'temperature').getByRole('button', { name: 'Show chart: temperature' }).click();
  const darkPlot = page.getByRole('dialog', { name: 'temperature' }).getByTestId('telemetry-chart');
  await expect.poll(async () => Number(await darkPlot.getAttribute('data-points'))).toBeGreaterThanOrEqual(12);
  await saveScreenshot(page, 'telemetry-chart-1440-dark.png');
  await page.evaluate(() => localStorage.removeItem('TB-theme'));

  await apiCall(page, 'DELETE', `/api/device/${deviceId}`);
});

test('assets and entity views have the same tabs; an entity view shows its keys only, read-only', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, TENANT_ADMIN);
  const post = async (path: string, body: unknown) => {
    const res = await apiCall(page, 'POST', path, body);
    expect(res.status).toBe(200);
    return res.body as { id: { id: string } } | null;
  };
  const asset = await post('/api/asset', { name: `E2E boiler room ${suffix}`, type: 'room' });
  const assetId = asset?.id.id ?? '';
  await post(`/api/plugins/telemetry/ASSET/${assetId}/attributes/SERVER_SCOPE`, { floor: 3 });
  await post(`/api/plugins/telemetry/ASSET/${assetId}/timeseries/ANY`, { energy: 12 });
  const device = await post('/api/device', { name: `E2E meter ${suffix}` });
  const deviceId = device?.id.id ?? '';
  await post(`/api/plugins/telemetry/DEVICE/${deviceId}/attributes/SERVER_SCOPE`, { maxTemp: 42, secret: 'x' });
  await post(`/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`, { temperature: 20, humidity: 50 });
  const view = await post('/api/entityView', {
    name: `E2E meter view ${suffix}`,
    type: 'public',
    entityId: { entityType: 'DEVICE', id: deviceId },
    keys: { timeseries: ['temperature'], attributes: { cs: [], sh: [], ss: ['maxTemp'] } },
  });

  const assetDrawer = await openEntity(page, `E2E boiler room ${suffix}`, '/assets');
  await assetDrawer.getByRole('tab', { name: 'Attributes' }).click();
  await expect(liveValue(assetDrawer, 'floor')).toHaveText('3');
  await expect(assetDrawer.getByRole('combobox', { name: 'Entity attributes scope' })).toHaveCount(0); // server only
  await expect(assetDrawer.getByRole('button', { name: 'Add attribute' })).toBeVisible();
  await assetDrawer.getByRole('tab', { name: 'Latest telemetry' }).click();
  await expect(liveValue(assetDrawer, 'energy')).toHaveText('12');
  await post(`/api/plugins/telemetry/ASSET/${assetId}/timeseries/ANY`, { energy: 13 });
  await expect(liveValue(assetDrawer, 'energy')).toHaveText('13');

  const viewDrawer = await openEntity(page, `E2E meter view ${suffix}`, '/entityViews');
  await viewDrawer.getByRole('tab', { name: 'Attributes' }).click();
  await expect(liveValue(viewDrawer, 'maxTemp')).toHaveText('42');
  await expect(liveRow(viewDrawer, 'secret')).toHaveCount(0);
  await expect(viewDrawer.getByRole('button', { name: 'Add attribute' })).toHaveCount(0);
  await expect(viewDrawer.getByRole('checkbox')).toHaveCount(0);
  await viewDrawer.getByRole('tab', { name: 'Latest telemetry' }).click();
  await expect(liveValue(viewDrawer, 'temperature')).toHaveText('20');
  await expect(liveRow(viewDrawer, 'humidity')).toHaveCount(0);
  await viewDrawer.getByRole('checkbox', { name: 'Select temperature' }).check();
  const bar = viewDrawer.getByRole('toolbar', { name: '1 selected' });
  await expect(bar.getByRole('button', { name: 'Show chart' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await apiCall(page, 'DELETE', `/api/entityView/${view?.id.id ?? ''}`);
  await apiCall(page, 'DELETE', `/api/device/${deviceId}`);
  await apiCall(page, 'DELETE', `/api/asset/${assetId}`);
});
