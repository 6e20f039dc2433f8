import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiCall, DEMO_USERS, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

const [, TENANT_ADMIN, CUSTOMER_USER] = DEMO_USERS;

// Whole create → credentials → assign → customer view → delete journeys.
test.describe.configure({ timeout: scaled(150_000) });

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

/** Before a screenshot: toasts gone and no list call running. */
async function settle(page: Page) {
  await expect(page.locator('[data-testid^="toast-"]')).toHaveCount(0);
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** Adds a device through the dialog (the default profile is preselected). */
async function addDevice(page: Page, name: string, label: string) {
  await page.getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  await expect(dialog.getByRole('combobox', { name: /Device profile/ })).toHaveValue('default');
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Label').fill(label);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await toast(page, `Device '${name}' added`);
  await expect(dialog).toBeHidden();
}

async function chooseCustomer(dialog: Locator, title: string) {
  const input = dialog.getByRole('combobox', { name: /Customer/ });
  await input.fill(title);
  await dialog.page().getByRole('option', { name: title, exact: true }).click();
  await expect(input).toHaveValue(title);
}

const apiGet = (page: Page, path: string) => apiCall(page, 'GET', path);

async function signInAs(browser: Browser, user: (typeof DEMO_USERS)[number]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test('a tenant admin creates a device, copies its token, assigns it; the customer sees only its own, read-only', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = Date.now().toString(36);
  const nameA = `E2E thermostat ${suffix}`;
  const nameB = `E2E pump ${suffix}`;
  await signIn(page, TENANT_ADMIN);
  await page.goto('/devices');
  await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();

  // --- Add: the name is required, the token is generated when left empty.
  await page.getByRole('button', { name: 'Add device' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add device' });
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await expect(addDialog.getByText('Name is required.')).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Access token' }).fill('has space');
  await addDialog.getByLabel(/^Name/).fill(nameA);
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await expect(addDialog.getByText(/Access token cannot contain spaces/)).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Access token' }).fill('');
  await addDialog.getByLabel('Label').fill('Living room');
  await addDialog.getByLabel('Is gateway').check();
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await toast(page, `Device '${nameA}' added`);
  await addDevice(page, nameB, 'Cellar');

  await search(page, `E2E`);
  await expect(row(page, nameA)).toContainText('Living room');
  await expect(row(page, nameA)).toContainText('default');
  await expect(row(page, nameA).getByText('Gateway')).toBeVisible();

  // --- Credentials: a generated 20-character token, copied to the clipboard.
  await row(page, nameA).getByRole('button', { name: 'Manage credentials' }).click();
  const drawer = page.getByRole('dialog', { name: nameA });
  await expect(drawer.getByRole('tab', { name: 'Credentials' })).toHaveAttribute('aria-selected', 'true');
  const tokenField = drawer.getByTestId('access-token');
  await expect(tokenField).toHaveValue(/^[A-Za-z0-9]{20}$/);
  const generated = await tokenField.inputValue();
  await drawer.getByRole('button', { name: 'Copy Access token' }).click();
  await toast(page, 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

  // Manage credentials: each type's checks, then a chosen token.
  await drawer.getByRole('button', { name: 'Manage credentials' }).click();
  const credDialog = page.getByRole('dialog', { name: `Device credentials of '${nameA}'` });
  await credDialog.getByRole('combobox', { name: 'Credentials type' }).click();
  await page.getByRole('option', { name: 'MQTT basic' }).click();
  await credDialog.getByRole('button', { name: 'Save' }).click();
  await expect(credDialog.getByText('Client ID and/or user name are necessary.')).toBeVisible();
  await credDialog.getByRole('combobox', { name: 'Credentials type' }).click();
  await page.getByRole('option', { name: 'X.509 certificate' }).click();
  await credDialog
    .getByLabel(/Certificate \(PEM\)/)
    .fill('-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----');
  await credDialog.getByRole('button', { name: 'Save' }).click();
  await expect(credDialog.getByText(/This is not a PEM certificate/)).toBeVisible();
  await credDialog.getByRole('combobox', { name: 'Credentials type' }).click();
  await page.getByRole('option', { name: 'Access token' }).click();
  const chosen = `E2E_${suffix}`.slice(0, 32);
  await credDialog.getByRole('textbox', { name: /^Access token/ }).fill(chosen);
  await credDialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, `Credentials of '${nameA}' saved`);
  await expect(tokenField).toHaveValue(chosen);
  await settle(page);
  await saveScreenshot(page, 'device-details-1440.png');

  // The details tab shows every field; the relations tab is there.
  await drawer.getByRole('tab', { name: 'Details' }).click();
  await expect(drawer.locator('dt', { hasText: 'Label' }).locator('+ dd')).toHaveText('Living room');
  await expect(drawer.locator('dt', { hasText: 'Customer' }).locator('+ dd')).toHaveText('Not assigned');
  await expect(drawer.getByRole('tab', { name: 'Relations' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // --- Assign A to Customer A from its row; B to Customer B through the selection bar.
  await row(page, nameA).getByRole('button', { name: 'Assign to customer' }).click();
  const assignA = page.getByRole('dialog', { name: `Assign '${nameA}' to a customer` });
  await assignA.getByRole('button', { name: 'Assign' }).click();
  await expect(assignA.getByText('Choose a customer.')).toBeVisible();
  await chooseCustomer(assignA, 'Customer A');
  await assignA.getByRole('button', { name: 'Assign' }).click();
  await toast(page, `'${nameA}' assigned to 'Customer A'`);
  await expect(row(page, nameA)).toContainText('Customer A');

  await page.getByRole('checkbox', { name: `Select ${nameB}` }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected devices' });
  await expect(bar).toContainText('1 selected');
  await bar.getByRole('button', { name: 'Assign to customer' }).click();
  const assignB = page.getByRole('dialog', { name: `Assign '${nameB}' to a customer` });
  await chooseCustomer(assignB, 'Customer B');
  await assignB.getByRole('button', { name: 'Assign' }).click();
  await toast(page, `'${nameB}' assigned to 'Customer B'`);
  await expect(row(page, nameB)).toContainText('Customer B');
  await expect(bar).toBeHidden();

  // Filter by device profile: both use 'default'.
  const profileFilter = page.getByRole('combobox', { name: 'Device profile' });
  await profileFilter.fill('defa');
  await page.getByRole('option', { name: 'default', exact: true }).click();
  await expect(row(page, nameA)).toBeVisible();
  await expect(row(page, nameB)).toBeVisible();
  await profileFilter.click();
  await profileFilter.locator('..').getByRole('button', { name: 'Clear' }).click();
  await expect(profileFilter).toHaveValue('');

  // CSV export: every row of the current search, with the owner columns.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFName,Device profile,Label,Customer,Public,Gateway')).toBe(true);
  expect(csv).toContain(`${nameA},default,Living room,Customer A,false,true`);
  expect(csv).toContain(`${nameB},default,Cellar,Customer B,false,false`);

  await search(page, '');
  await settle(page);
  await saveScreenshot(page, 'devices-1440.png');

  // --- The customer user (Customer A): A only, read-only, credentials readable.
  const customer = await signInAs(browser, CUSTOMER_USER);
  const cpage = customer.page;
  await customer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await cpage.goto('/devices');
  await expect(cpage.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await search(cpage, 'E2E');
  await expect(row(cpage, nameA)).toBeVisible();
  await expect(row(cpage, nameB)).toHaveCount(0);
  await search(cpage, nameB);
  await expect(cpage.getByText(`No devices matching '${nameB}' were found.`)).toBeVisible();
  await search(cpage, nameA);
  await expect(cpage.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  await expect(cpage.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await expect(row(cpage, nameA).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(row(cpage, nameA).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(row(cpage, nameA).getByRole('checkbox')).toHaveCount(0);
  await expect(cpage.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
  await row(cpage, nameA).getByText(nameA).click();
  const cdrawer = cpage.getByRole('dialog', { name: nameA });
  await expect(cdrawer.getByText('Device details')).toBeVisible();
  await expect(cdrawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(cdrawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await cdrawer.getByRole('tab', { name: 'Credentials' }).click();
  await expect(cdrawer.getByTestId('access-token')).toHaveValue(chosen);
  await expect(cdrawer.getByRole('button', { name: 'Manage credentials' })).toHaveCount(0);
  await cdrawer.getByRole('button', { name: 'Copy Access token' }).click();
  expect(await cpage.evaluate(() => navigator.clipboard.readText())).toBe(chosen);
  // Customer B's device cannot be read by id either, nor Customer B's list.
  const deviceB = await apiGet(page, `/api/tenant/devices?deviceName=${encodeURIComponent(nameB)}`);
  const bId = (deviceB.body as { id: { id: string }; customerId: { id: string } }).id.id;
  const customerBId = (deviceB.body as { customerId: { id: string } }).customerId.id;
  expect((await apiGet(cpage, `/api/device/info/${bId}`)).status).toBe(403);
  expect((await apiGet(cpage, `/api/device/${bId}/credentials`)).status).toBe(403);
  expect((await apiGet(cpage, `/api/customer/${customerBId}/deviceInfos?pageSize=10&page=0`)).status).toBe(403);
  await customer.context.close();

  // --- B back from Customer B, made public, then private again.
  await search(page, nameB);
  await row(page, nameB).getByRole('button', { name: 'Unassign from customer' }).click();
  await expect(page.getByTestId('dialog-confirm')).toContainText(`Unassign '${nameB}' from the customer?`);
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Yes' }).click();
  await toast(page, `'${nameB}' unassigned`);
  await expect(row(page, nameB)).not.toContainText('Customer B');
  await row(page, nameB).getByRole('button', { name: 'Make public' }).click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Yes' }).click();
  await toast(page, `'${nameB}' made public`);
  await expect(row(page, nameB).getByRole('img', { name: 'Public' })).toBeVisible();
  await row(page, nameB).getByRole('button', { name: 'Make private' }).click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Yes' }).click();
  await toast(page, `'${nameB}' made private`);
  await expect(row(page, nameB).getByRole('img', { name: 'Public' })).toHaveCount(0);

  // --- Clean up: both devices deleted together, with a summary.
  await search(page, `E2E`);
  await page.getByRole('checkbox', { name: `Select ${nameA}` }).check();
  await page.getByRole('checkbox', { name: `Select ${nameB}` }).check();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('dialog-confirm');
  await expect(confirm).toContainText('Are you sure you want to delete 2 devices?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, '2 devices deleted');
  await expect(row(page, nameA)).toHaveCount(0);
  await expect(row(page, nameB)).toHaveCount(0);
});

test('device profile with MQTT, protobuf and a provisioning strategy: add, check, edit, delete', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `E2E profile ${suffix}`;
  const deviceName = `E2E provisioned ${suffix}`;
  await signIn(page, TENANT_ADMIN);
  await page.goto('/deviceProfiles');
  await expect(page.getByRole('heading', { name: 'Device profiles', level: 1 })).toBeVisible();
  // The default profile cannot be deleted. (Searched for: the demo building's profiles and earlier
  // specs' fill the first page.)
  await search(page, 'default');
  const defaultRow = page.getByRole('row').filter({ has: page.getByRole('img', { name: 'Default' }) });
  await expect(defaultRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await search(page, '');

  await page.getByRole('button', { name: 'Add device profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device profile' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Description').fill('Made by the e2e test');

  // Transport: MQTT with a bad topic filter, caught before sending.
  await dialog.getByRole('tab', { name: 'Transport' }).click();
  await dialog.getByRole('combobox', { name: 'Transport type' }).click();
  await page.getByRole('option', { name: 'MQTT' }).click();
  await expect(dialog.getByLabel(/^Telemetry topic filter/)).toHaveValue('v1/devices/me/telemetry');
  await dialog.getByLabel(/^Telemetry topic filter/).fill('sensors/room+/telemetry');
  await dialog.getByRole('radio', { name: 'Protobuf' }).check();
  await expect(dialog.getByLabel(/^Telemetry proto schema/)).toHaveValue(/syntax = "proto3"/);

  // Provisioning: turning it on fills in a key and a secret.
  await dialog.getByRole('tab', { name: 'Device provisioning' }).click();
  await dialog.getByRole('combobox', { name: 'Provision strategy' }).click();
  await page.getByRole('option', { name: 'Allow to create new devices' }).click();
  await expect(dialog.getByLabel(/^Provision device key/)).toHaveValue(/^[a-z0-9]{20}$/);
  await expect(dialog.getByLabel(/^Provision device secret/)).toHaveValue(/^[a-z0-9]{20}$/);
  const key = `e2e-key-${suffix}`;
  await dialog.getByLabel(/^Provision device key/).fill(key);

  // Saving brings the transport tab back with the topic message.
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('tab', { name: 'Transport' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    dialog.getByText("Invalid use of the single-level wildcard '+': it must be a whole level."),
  ).toBeVisible();
  await dialog.getByLabel(/^Telemetry topic filter/).fill('sensors/+/telemetry');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await toast(page, `Device profile '${name}' added`);

  await expect(row(page, name)).toContainText('MQTT');
  await expect(row(page, name)).toContainText('Allow to create new devices');
  await settle(page);
  await saveScreenshot(page, 'device-profiles-1440.png');

  // Details show the transport and the provisioning key.
  await row(page, name).getByText(name).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.locator('dt', { hasText: 'Telemetry topic filter' }).locator('+ dd')).toHaveText(
    'sensors/+/telemetry',
  );
  await expect(drawer.locator('dt', { hasText: 'Payload type' }).locator('+ dd')).toHaveText('Protobuf');
  await expect(drawer.getByText(key)).toBeVisible();

  // Edit keeps the rest.
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit device profile' });
  await edit.getByLabel('Description').fill('Edited by the e2e test');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, `Device profile '${name}' saved`);
  await expect(drawer.locator('dt', { hasText: 'Description' }).locator('+ dd')).toHaveText('Edited by the e2e test');
  await expect(drawer.getByText(key)).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // A profile in use cannot be deleted: the server's message shows.
  await page.goto('/devices');
  await page.getByRole('button', { name: 'Add device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add device' });
  await addDevice.getByLabel(/^Name/).fill(deviceName);
  const profileInput = addDevice.getByRole('combobox', { name: /Device profile/ });
  await profileInput.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await addDevice.getByRole('button', { name: 'Add' }).click();
  await toast(page, `Device '${deviceName}' added`);
  await search(page, deviceName);
  await expect(row(page, deviceName)).toContainText(name);

  await page.goto('/deviceProfiles');
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'The device profile referenced by the devices cannot be deleted!');
  await expect(row(page, name)).toBeVisible();

  // Without its device it goes.
  await page.goto('/devices');
  await search(page, deviceName);
  await row(page, deviceName).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('dialog-confirm')).toContainText(`delete the device '${deviceName}'?`);
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, `'${deviceName}' deleted`);
  await page.goto('/deviceProfiles');
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, `Device profile '${name}' deleted`);
  await expect(row(page, name)).toHaveCount(0);
});

test('devices on a phone and in the dark theme', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, TENANT_ADMIN);
  // A few devices to show (made through the API: the UI journey is the first test's).
  const made: string[] = [];
  for (const [name, label, gateway] of [
    [`Boiler room sensor ${suffix}`, 'Basement', false],
    [`Rooftop gateway ${suffix}`, 'Roof', true],
  ] as const) {
    const saved = await apiCall(page, 'POST', '/api/device', { name, label, additionalInfo: { gateway } });
    expect(saved.status).toBe(200);
    made.push((saved.body as { id: { id: string } }).id.id);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/devices');
  await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expect(row(page, `Rooftop gateway ${suffix}`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Label' })).toBeHidden();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await settle(page);
  await saveScreenshot(page, 'devices-390.png');

  await page.getByRole('button', { name: 'Add device' }).click();
  await expect(page.getByRole('dialog', { name: 'Add device' }).getByLabel(/^Name/)).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.addInitScript(() => window.localStorage.setItem('TB-theme', 'dark'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(row(page, `Rooftop gateway ${suffix}`)).toBeVisible();
  await settle(page);
  await saveScreenshot(page, 'devices-1440-dark.png');

  for (const id of made) expect((await apiCall(page, 'DELETE', `/api/device/${id}`)).status).toBe(200);
});

test('a customer user opens its device: details, attributes and relations are read-only, and the server refuses changes', async ({
  page,
  browser,
}) => {
  // Issue 18: customer users are read-only on their devices, as in ThingsBoard 3.2.0 (ADR 0010).
  const name = `E2E read-only ${Date.now().toString(36)}`;
  await signIn(page, TENANT_ADMIN);
  const created = await apiCall(page, 'POST', '/api/device', { name, label: 'Boiler' });
  expect(created.status).toBe(200);
  const device = created.body as { id: { id: string } };
  const attributes = `/api/plugins/telemetry/DEVICE/${device.id.id}/attributes`;
  expect((await apiCall(page, 'POST', `${attributes}/SERVER_SCOPE`, { maxTemp: 50 })).status).toBe(200);
  expect((await apiCall(page, 'POST', `${attributes}/SHARED_SCOPE`, { setpoint: 21 })).status).toBe(200);
  const customer = await signInAs(browser, CUSTOMER_USER);
  const cpage = customer.page;
  const me = (await apiGet(cpage, '/api/auth/user')).body as { customerId: { id: string } };
  expect((await apiCall(page, 'POST', `/api/customer/${me.customerId.id}/device/${device.id.id}`)).status).toBe(200);

  await cpage.goto('/devices');
  await search(cpage, name);
  await row(cpage, name).getByText(name).click();
  const drawer = cpage.getByRole('dialog', { name });
  await expect(drawer.getByText('Device details')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const value = (key: string) => drawer.locator(`tr[data-key="${key}"]`).getByTestId('live-value');
  const scope = drawer.getByRole('combobox', { name: 'Entity attributes scope' });
  const readOnlyAttributes = async () => {
    await expect(drawer.getByRole('button', { name: 'Add attribute' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: /^Edit attribute/ })).toHaveCount(0);
    await expect(drawer.getByRole('checkbox')).toHaveCount(0);
  };
  await drawer.getByRole('tab', { name: 'Attributes' }).click();
  await expect(scope).toHaveText('Server attributes');
  await expect(value('maxTemp')).toHaveText('50'); // an alarm threshold: seen, not changed
  await readOnlyAttributes();
  await scope.click();
  await cpage.getByRole('option', { name: 'Shared attributes' }).click();
  await expect(value('setpoint')).toHaveText('21');
  await readOnlyAttributes();
  await drawer.getByRole('tab', { name: 'Relations' }).click();
  await expect(drawer.getByRole('button', { name: 'Add outbound' })).toHaveCount(0);

  // The server agrees, with ThingsBoard's answer, and nothing changes.
  const refused = await apiCall(cpage, 'POST', '/api/device', { ...(created.body as object), label: 'Changed' });
  expect(refused).toMatchObject({
    status: 403,
    body: { status: 403, errorCode: 20, message: "You don't have permission to perform this operation!" },
  });
  expect((await apiCall(cpage, 'POST', `${attributes}/SERVER_SCOPE`, { maxTemp: 500 })).status).toBe(403);
  expect((await apiCall(cpage, 'POST', `${attributes}/SHARED_SCOPE`, { setpoint: 99 })).status).toBe(403);
  await drawer.getByRole('tab', { name: 'Attributes' }).click();
  await scope.click();
  await cpage.getByRole('option', { name: 'Server attributes' }).click();
  await expect(value('maxTemp')).toHaveText('50');
  await drawer.getByRole('tab', { name: 'Details' }).click();
  await expect(drawer.locator('dt', { hasText: 'Label' }).locator('+ dd')).toHaveText('Boiler');
  await customer.context.close();
  await apiCall(page, 'DELETE', `/api/device/${device.id.id}`);
});
