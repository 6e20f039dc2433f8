import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

const TENANT_ADMIN = DEMO_USERS[1];
const CUSTOMER_USER = DEMO_USERS[2]; // a user of Customer A

// Whole journeys (a 1,000-row import among them): longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: scaled(180_000) });

const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

async function apiToken(request: APIRequestContext, user: { email: string; password: string } = TENANT_ADMIN) {
  const login = await request.post('/api/auth/login', { data: { username: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

const auth = (token: string) => ({ headers: { 'X-Authorization': `Bearer ${token}` } });

/** Deletes every tenant device whose name starts with `prefix` (the test's own, by their unique suffix). */
async function deleteDevices(request: APIRequestContext, token: string, prefix: string) {
  for (;;) {
    const res = await request.get(
      `/api/tenant/devices?pageSize=100&page=0&textSearch=${encodeURIComponent(prefix)}`,
      auth(token),
    );
    const ids = ((await res.json()) as { data: { id: { id: string } }[] }).data.map((d) => d.id.id);
    if (ids.length === 0) return;
    await Promise.all(ids.map((id) => request.delete(`/api/device/${id}`, auth(token))));
  }
}

/** Deletes every tenant asset whose name starts with `prefix`. */
async function deleteAssets(request: APIRequestContext, token: string, prefix: string) {
  const res = await request.get(
    `/api/tenant/assets?pageSize=100&page=0&textSearch=${encodeURIComponent(prefix)}`,
    auth(token),
  );
  const ids = ((await res.json()) as { data: { id: { id: string } }[] }).data.map((a) => a.id.id);
  await Promise.all(ids.map((id) => request.delete(`/api/asset/${id}`, auth(token))));
}

async function addAsset(page: Page, name: string, type: string) {
  await page.getByRole('button', { name: 'Add asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add asset' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Asset type' }).fill(type);
  await dialog.getByRole('textbox', { name: 'Label' }).fill(`${name} label`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await toast(page, `Asset '${name}' added`);
  await expect(dialog).toBeHidden();
}

test.describe('assets, relations, entity views, import and export (tenant administrator)', () => {
  test('two assets related by Contains, seen from both sides; relation deleted; CSV export', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const building = `E2E building ${suffix}`;
    const floor = `E2E floor ${suffix}`;
    await signIn(page, TENANT_ADMIN);
    await page.goto('/assets');
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();

    // A save without a name or type is refused on the client with the spec's messages.
    await page.getByRole('button', { name: 'Add asset' }).click();
    const empty = page.getByRole('dialog', { name: 'Add asset' });
    await empty.getByRole('button', { name: 'Add' }).click();
    await expect(empty.getByText('Name is required.')).toBeVisible();
    await expect(empty.getByText('Asset type is required.')).toBeVisible();
    await empty.getByRole('button', { name: 'Cancel' }).click();

    await addAsset(page, building, 'e2e-building');
    await addAsset(page, floor, 'e2e-floor');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E `);
    await expect(row(page, building)).toBeVisible();
    await expect(row(page, floor)).toContainText('e2e-floor');
    await saveScreenshot(page, 'assets-1440.png');

    // --- Relation building → floor (Contains), added from the building's relations tab.
    await row(page, building).getByText(building, { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: building });
    await drawer.getByRole('tab', { name: 'Relations' }).click();
    const outbound = drawer.getByRole('region', { name: 'From this entity' });
    await expect(outbound.getByText('No relations from this entity')).toBeVisible();
    await outbound.getByRole('button', { name: 'Add outbound' }).click();
    const add = page.getByRole('dialog', { name: 'Add relation' });
    await expect(add.getByRole('combobox', { name: 'Relation type' })).toHaveValue('Contains');
    await add.getByRole('combobox', { name: 'Entity type' }).click();
    await page.getByRole('option', { name: 'Asset', exact: true }).click();
    const target = add.getByRole('combobox', { name: 'Asset' });
    await target.fill(floor.slice(0, -2));
    await page.getByRole('option', { name: floor }).click();
    await expect(target).toHaveValue(floor);
    await add.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Relation added');
    await expect(add).toBeHidden();
    await expect(row(outbound, floor)).toContainText('Contains');
    await expect(row(outbound, floor)).toContainText('Asset');
    await saveScreenshot(page, 'relations-1440.png');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // --- The floor sees it as an inbound relation, and deletes it from there.
    await row(page, floor).getByText(floor, { exact: true }).click();
    const floorDrawer = page.getByRole('dialog', { name: floor });
    await floorDrawer.getByRole('tab', { name: 'Relations' }).click();
    const inbound = floorDrawer.getByRole('region', { name: 'To this entity' });
    await expect(row(inbound, building)).toContainText('Contains');
    await row(inbound, building).getByRole('button', { name: 'Delete relation' }).click();
    const confirm = page.getByTestId('dialog-confirm');
    await expect(confirm).toContainText(`Delete the relation with '${building}'?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Relation deleted');
    await expect(inbound.getByText('No relations to this entity')).toBeVisible();
    await floorDrawer.getByRole('button', { name: 'Close' }).click();

    // --- CSV export of the filtered table: every matching row, UTF-8 with a BOM, quoted as needed.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E b`);
    await expect(row(page, floor)).toBeHidden();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^assets-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Created time,Name,Asset type,Label,Customer,Public,Description,ID');
    expect(lines.some((line) => line.includes(`${building},e2e-building,${building} label,,false`))).toBe(true);
    expect(csv).not.toContain(floor);

    // Dark theme and a phone: the same table, readable, no sideways scrolling.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E `);
    await expect(row(page, floor)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('TB-theme', 'dark'));
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E `);
    await expect(row(page, floor)).toBeVisible();
    await saveScreenshot(page, 'assets-1440-dark.png');
    await page.evaluate(() => localStorage.setItem('TB-theme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'assets-390.png');
    await page.setViewportSize({ width: 1440, height: 900 });

    // --- Both deleted at once through the selection.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E `);
    await row(page, building)
      .getByRole('checkbox', { name: `Select ${building}` })
      .check();
    await row(page, floor)
      .getByRole('checkbox', { name: `Select ${floor}` })
      .check();
    const bar = page.getByRole('toolbar', { name: '2 selected' });
    await bar.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('dialog-confirm')).toContainText('Delete 2 assets?');
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, '2 assets deleted');
    await expect(row(page, building)).toBeHidden();
    await expect(row(page, floor)).toBeHidden();
  });

  test('an entity view of a device, with keys and a time window', async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const deviceName = `E2E view target ${suffix}`;
    const viewName = `E2E view ${suffix}`;
    const token = await apiToken(request);
    const created = await request.post('/api/device', { ...auth(token), data: { name: deviceName, type: 'default' } });
    expect(created.status()).toBe(200);

    await signIn(page, TENANT_ADMIN);
    await page.goto('/entityViews');
    await expect(page.getByRole('heading', { name: 'Entity views', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add entity view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add entity view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(viewName);
    await dialog.getByRole('combobox', { name: 'Entity view type' }).fill('e2e-view');
    const device = dialog.getByRole('combobox', { name: 'Device' });
    await device.fill(deviceName);
    await page.getByRole('option', { name: deviceName }).click();
    // Keys: a comma splits, a repeat is ignored, Enter adds.
    const series = dialog.getByRole('combobox', { name: 'Time series keys' });
    await series.fill('temperature, humidity;temperature');
    await expect(dialog.getByRole('button', { name: 'temperature' })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'humidity' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Shared attributes' }).fill('targetTemperature');
    await dialog.getByRole('combobox', { name: 'Shared attributes' }).press('Enter');
    await expect(dialog.getByRole('button', { name: 'targetTemperature' })).toBeVisible();
    // The end must come after the start.
    await dialog.getByLabel('Start time').fill('2026-03-01T08:00:00');
    await dialog.getByLabel('End time').fill('2026-03-01T08:00:00');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('The end must be at least 1 second after the start.')).toBeVisible();
    await dialog.getByLabel('End time').fill('2026-12-31T18:00:00');
    await saveScreenshot(page, 'entity-view-form-1440.png');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await toast(page, `Entity view '${viewName}' added`);

    await page.getByRole('searchbox', { name: 'Search' }).fill(viewName);
    await expect(row(page, viewName)).toContainText(deviceName);
    await expect(row(page, viewName)).toContainText('e2e-view');
    await saveScreenshot(page, 'entity-views-1440.png');
    await row(page, viewName).getByText(viewName, { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: viewName });
    await expect(drawer.getByText('humidity')).toBeVisible();
    await expect(drawer.getByText('targetTemperature')).toBeVisible();
    await drawer.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Entity view '${viewName}' deleted`);
    await deleteDevices(request, token, deviceName);
  });

  test('importing 1,000 devices with 10 bad rows creates 990 and lists the 10 errors', async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const prefix = `E2E import ${suffix}`;
    // Every hundredth row (data rows 50, 150, …) has no name: the server refuses just those.
    const lines = ['name,type,label,temperature'];
    const badLines: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const bad = i % 100 === 50;
      if (bad) badLines.push(i + 2); // line 1 is the header
      lines.push(
        `${bad ? '' : `${prefix} ${String(i).padStart(4, '0')}`},e2e-import,"Row ${i}, imported",${20 + (i % 7)}`,
      );
    }
    const token = await apiToken(request);

    await signIn(page, TENANT_ADMIN);
    await page.goto('/devices');
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import devices' });
    await expect(dialog.getByText('No file selected')).toBeVisible();
    await dialog.getByTestId('import-file-input').setInputFiles({
      name: `devices-${suffix}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
    });
    await expect(dialog.getByText(`devices-${suffix}.csv`)).toBeVisible();
    await expect(dialog.getByText('1000 rows to import')).toBeVisible();
    // The header was recognised: name, type, label, and the rest as a server attribute named after it.
    await expect(dialog.getByRole('combobox', { name: 'What column 1 holds' })).toHaveText('Name');
    await expect(dialog.getByRole('combobox', { name: 'What column 4 holds' })).toHaveText('Server attribute');
    await expect(dialog.getByRole('textbox', { name: 'Attribute key' })).toHaveValue('temperature');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const result = dialog.getByRole('region', { name: 'Import result' });
    await expect(result).toBeVisible({ timeout: scaled(60_000) });
    await expect(result.getByText('Created', { exact: true }).locator('xpath=preceding-sibling::p')).toHaveText('990');
    await expect(result.getByText('Errors', { exact: true }).locator('xpath=preceding-sibling::p')).toHaveText('10');
    const errors = result.getByRole('table', { name: 'Rows not imported' });
    await expect(errors.getByRole('row')).toHaveCount(11);
    for (const line of badLines) {
      await expect(
        row(errors, 'Device name should be specified!').filter({ hasText: new RegExp(`^${line}`) }),
      ).toHaveCount(1);
    }
    await saveScreenshot(page, 'import-result-1440.png');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The table shows them: 990 devices with the prefix.
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    await expect(page.getByText(/of 990$/)).toBeVisible();
    const listed = await request.get(
      `/api/tenant/devices?pageSize=1&page=0&textSearch=${encodeURIComponent(prefix)}`,
      auth(token),
    );
    expect(((await listed.json()) as { totalElements: number }).totalElements).toBe(990);
    await deleteDevices(request, token, prefix);
  });

  test('a customer user sees the assets of their customer read-only', async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const name = `E2E shared asset ${suffix}`;
    const token = await apiToken(request);
    const created = await request.post('/api/asset', { ...auth(token), data: { name, type: 'e2e-shared' } });
    const assetId = ((await created.json()) as { id: { id: string } }).id.id;
    const me = await request.get('/api/auth/user', auth(await apiToken(request, CUSTOMER_USER)));
    const customerId = ((await me.json()) as { customerId: { id: string } }).customerId.id;
    expect((await request.post(`/api/customer/${customerId}/asset/${assetId}`, auth(token))).status()).toBe(200);

    await signIn(page, CUSTOMER_USER);
    await page.goto('/assets');
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(row(page, name)).toContainText('e2e-shared');
    // Nothing to change: no add, import, selection or row buttons; export is there.
    await expect(page.getByRole('button', { name: 'Add asset' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(row(page, name).getByRole('checkbox')).toHaveCount(0);
    await expect(row(page, name).getByRole('button')).toHaveCount(0);
    await row(page, name).getByText(name, { exact: true }).click();
    const drawer = page.getByRole('dialog', { name });
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await drawer.getByRole('tab', { name: 'Relations' }).click();
    await expect(drawer.getByText('No relations from this entity')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Add outbound' })).toHaveCount(0);

    expect((await request.delete(`/api/asset/${assetId}`, auth(token))).status()).toBe(200);
  });

  test('assets from an Excel sheet: blank rows skipped, errors named by sheet row', async ({ page, request }) => {
    // The fixture's sheet: a header, asset A on row 2, an empty row 3, asset B on row 4, no name on row 5.
    const token = await apiToken(request);
    await deleteAssets(request, token, 'E2E xlsx asset');
    await signIn(page, TENANT_ADMIN);
    await page.goto('/assets');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import assets' });
    await dialog
      .getByTestId('import-file-input')
      .setInputFiles(fileURLToPath(new URL('fixtures/assets-import.xlsx', import.meta.url)));
    await expect(dialog.getByText('3 rows to import')).toBeVisible();
    // A sheet has cells, not a delimiter; the device-only columns are not offered for assets.
    await expect(dialog.getByRole('combobox', { name: 'Delimiter' })).toHaveCount(0);
    await expect(dialog.getByRole('cell', { name: 'Tower, north' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'What column 4 holds' }).click();
    await expect(page.getByRole('option', { name: 'Access token' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Shared attribute' }).click();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const result = dialog.getByRole('region', { name: 'Import result' });
    await expect(result.getByText('Created', { exact: true }).locator('xpath=preceding-sibling::p')).toHaveText('2');
    const errors = result.getByRole('table', { name: 'Rows not imported' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(row(errors, 'Asset name should be specified!')).toContainText('5');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('E2E xlsx asset');
    await expect(row(page, 'E2E xlsx asset A')).toContainText('Tower, north');
    await expect(row(page, 'E2E xlsx asset B')).toBeVisible();
    await deleteAssets(request, token, 'E2E xlsx asset');
  });
});
