import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, DEMO_USERS, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

const [, TENANT_ADMIN, CUSTOMER_USER] = DEMO_USERS;

// Alarms raised on a device show up live in the alarm center and in the device's Alarms tab, where
// they are acknowledged and cleared. Alarms are created through the REST API here; a test raising
// them from telemetry through a device-profile rule can reuse the helpers below (`centerRow`,
// `expectStatus`, `openAlarmCenter`).
test.describe.configure({ timeout: scaled(180_000) });

const CENTER = '/react-dashboard/alarm-center';

async function createDevice(page: Page, name: string): Promise<string> {
  const created = await apiCall(page, 'POST', '/api/device', { name, type: 'thermostat', label: 'Server room' });
  expect(created.status).toBe(200);
  return (created.body as { id: { id: string } }).id.id;
}

interface RaisedAlarm {
  id: string;
}

/** POST /api/alarm as the tenant administrator (what a rule or an integration does). */
async function raiseAlarm(
  page: Page,
  deviceId: string,
  type: string,
  severity: string,
  details: unknown = {},
): Promise<RaisedAlarm> {
  const now = Date.now();
  const saved = await apiCall(page, 'POST', '/api/alarm', {
    originator: { entityType: 'DEVICE', id: deviceId },
    type,
    severity,
    status: 'ACTIVE_UNACK',
    startTs: now,
    endTs: now,
    details,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: (saved.body as { id: { id: string } }).id.id };
}

/** The table row (or phone card) of an alarm. */
const centerRow = (scope: Page | Locator, alarm: RaisedAlarm) => scope.locator(`[data-alarm-id="${alarm.id}"]`);

async function expectStatus(scope: Page | Locator, alarm: RaisedAlarm, status: string) {
  await expect(centerRow(scope, alarm).locator(`[data-status="${status}"]`)).toBeVisible({ timeout: scaled(15_000) });
}

async function openAlarmCenter(page: Page) {
  await page.goto(CENTER);
  await expect(page.getByRole('heading', { name: 'Alarm center' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Live|Refreshing every 5 s/ })).toBeVisible({
    timeout: scaled(15_000),
  });
}

async function settle(page: Page) {
  await expect(page.locator('[data-testid^="toast-"]')).toHaveCount(0, { timeout: scaled(10_000) });
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

test('alarms appear live, are acknowledged and cleared from the center, and show on the device', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const deviceName = `Chiller ${suffix}`;
  const deviceId = await createDevice(page, deviceName);

  await openAlarmCenter(page);

  // Raised while the page is open: it appears without a reload.
  const hot = await raiseAlarm(page, deviceId, 'High Temperature', 'CRITICAL', { temperature: 42.5, threshold: 30 });
  await expect(centerRow(page, hot)).toContainText(deviceName, { timeout: scaled(15_000) });
  await expect(centerRow(page, hot)).toContainText('High Temperature');
  await expect(centerRow(page, hot).locator('[data-severity="CRITICAL"]')).toHaveText('Critical');
  await expectStatus(page, hot, 'ACTIVE_UNACK');

  const humid = await raiseAlarm(page, deviceId, 'High Relative Humidity', 'MAJOR', { humidity: 81 });
  const battery = await raiseAlarm(page, deviceId, 'Low Battery', 'MINOR', { battery: 9 });
  const leak = await raiseAlarm(page, deviceId, 'Water Leak', 'WARNING');
  await expect(centerRow(page, leak)).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.locator('[data-counter="TOTAL"]')).toBeVisible();

  // Acknowledge one from its row.
  await centerRow(page, hot).getByRole('button', { name: 'Acknowledge: High Temperature' }).click();
  const confirm = page.getByRole('dialog', { name: 'Acknowledge 1 alarm?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectStatus(page, hot, 'ACTIVE_ACK');
  await expect(centerRow(page, hot).getByText('Active Acknowledged')).toBeVisible();
  await settle(page);
  await saveScreenshot(page, 'alarms-center-1440.png');

  // Details: every field, the details as JSON, and clear from there.
  await centerRow(page, hot).getByText('High Temperature').click();
  const details = page.getByRole('dialog', { name: /Alarm details: High Temperature/ });
  await expect(details.getByTestId('alarm-details-json')).toContainText('"temperature": 42.5');
  await expect(details.getByText(deviceName)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await saveScreenshot(page, 'alarms-details-1440.png');
  await details.getByRole('button', { name: 'Clear' }).click();
  await expect(details.locator('[data-status="CLEARED_ACK"]')).toBeVisible({ timeout: scaled(15_000) });
  await details.getByRole('button', { name: 'Close' }).click();
  await expectStatus(page, hot, 'CLEARED_ACK');

  // Bulk: select two, acknowledge both after one confirmation with the count.
  await centerRow(page, humid).getByRole('checkbox').check();
  await centerRow(page, battery).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: /2 selected/ });
  await bar.getByRole('button', { name: 'Acknowledge' }).click();
  await page.getByRole('dialog', { name: 'Acknowledge 2 alarms?' }).getByRole('button', { name: 'Yes' }).click();
  await expectStatus(page, humid, 'ACTIVE_ACK');
  await expectStatus(page, battery, 'ACTIVE_ACK');

  // The type filter (a prefix of the type or originator) narrows the table.
  await page.getByRole('textbox', { name: 'Type' }).fill('Water');
  await expect(centerRow(page, leak)).toBeVisible();
  await expect(centerRow(page, hot)).toHaveCount(0);

  // The device's Alarms tab lists them too.
  await page.goto('/devices');
  await page.getByRole('searchbox', { name: 'Search' }).fill(deviceName);
  await page.getByRole('row').filter({ hasText: deviceName }).getByText(deviceName).click();
  const drawer = page.getByRole('dialog', { name: deviceName });
  await drawer.getByRole('tab', { name: 'Alarms' }).click();
  await expect(centerRow(drawer, hot)).toBeVisible();
  await expectStatus(drawer, leak, 'ACTIVE_UNACK');
  // Live in the tab as well: a new alarm shows without reopening it.
  const offline = await raiseAlarm(page, deviceId, 'Device Offline', 'INDETERMINATE');
  await expect(centerRow(drawer, offline)).toBeVisible({ timeout: scaled(15_000) });
  await settle(page);
  await saveScreenshot(page, 'alarms-device-tab-1440.png');
});

test('when the WebSocket refuses alarm data, the center polls every 5 s', async ({ page }) => {
  // A socket that refuses every alarmDataCmd, like a server without alarm streaming.
  await page.routeWebSocket(/\/api\/ws\/plugins\/telemetry/, (ws) => {
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { alarmDataCmds?: { cmdId: number }[] };
      for (const cmd of frame.alarmDataCmds ?? []) {
        ws.send(
          JSON.stringify({
            cmdId: cmd.cmdId,
            cmdUpdateType: 'ALARM_DATA',
            errorCode: 2,
            errorMsg: 'Bad request',
            data: null,
            update: null,
          }),
        );
      }
    });
  });
  await signIn(page, TENANT_ADMIN);
  const deviceId = await createDevice(page, `Boiler ${Date.now().toString(36)}`);
  await page.goto(CENTER);
  await expect(page.getByRole('status').filter({ hasText: 'Refreshing every 5 s' })).toBeVisible();
  const alarm = await raiseAlarm(page, deviceId, 'High CO2', 'CRITICAL');
  await expect(centerRow(page, alarm)).toBeVisible({ timeout: scaled(12_000) });
});

test('phone and dark theme', async ({ page }) => {
  await signIn(page, TENANT_ADMIN);
  const deviceId = await createDevice(page, `Pump ${Date.now().toString(36)}`);
  await raiseAlarm(page, deviceId, 'Over Current Phase A', 'MAJOR');
  const alarm = await raiseAlarm(page, deviceId, 'Temperature Probe Connection Problem', 'CRITICAL');

  await page.setViewportSize({ width: 390, height: 844 });
  await openAlarmCenter(page);
  await expect(centerRow(page, alarm)).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await settle(page);
  await saveScreenshot(page, 'alarms-center-390.png');
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('textbox', { name: 'Type' })).toBeVisible();
  await saveScreenshot(page, 'alarms-filters-390.png');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('TB-theme', 'dark'));
  await openAlarmCenter(page);
  await expect(centerRow(page, alarm)).toBeVisible();
  await settle(page);
  await saveScreenshot(page, 'alarms-center-1440-dark.png');
});

test('a customer user sees and acknowledges the alarms of its own devices only', async ({ browser }) => {
  const customer = await browser.newPage();
  await signIn(customer, CUSTOMER_USER);
  const me = await apiCall(customer, 'GET', '/api/auth/user');
  const customerId = (me.body as { customerId: { id: string } }).customerId.id;

  const tenant = await browser.newPage();
  await signIn(tenant, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const ownName = `Meter ${suffix}`;
  const ownId = await createDevice(tenant, ownName);
  const assigned = await apiCall(tenant, 'POST', `/api/customer/${customerId}/device/${ownId}`);
  expect(assigned.status).toBe(200);
  const otherId = await createDevice(tenant, `Tenant-only ${suffix}`);
  const own = await raiseAlarm(tenant, ownId, 'Over Voltage Phase B', 'MAJOR');
  const other = await raiseAlarm(tenant, otherId, 'Sound Level Alert', 'WARNING');

  await openAlarmCenter(customer);
  await expect(centerRow(customer, own)).toContainText(ownName);
  await expect(centerRow(customer, other)).toHaveCount(0);
  await centerRow(customer, own).getByRole('button', { name: 'Acknowledge: Over Voltage Phase B' }).click();
  await customer.getByRole('dialog', { name: 'Acknowledge 1 alarm?' }).getByRole('button', { name: 'Yes' }).click();
  await expectStatus(customer, own, 'ACTIVE_ACK');
  // No permission-denied dialog anywhere on the way.
  await expect(customer.getByRole('dialog')).toHaveCount(0);
});

test('an alarm rule made in the profile editor raises an alarm from telemetry, live, and it is acknowledged and cleared', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const profileName = `Freezer ${suffix}`;

  // The alarm rule, made in the device profile form: CRITICAL when temperature > 30 for 2 messages in a row.
  await page.goto('/deviceProfiles');
  await page.getByRole('button', { name: 'Add device profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device profile' });
  await dialog.getByLabel(/^Name/).fill(profileName);
  await dialog.getByRole('tab', { name: 'Alarm rules' }).click();
  await dialog.getByRole('button', { name: 'Add alarm rule' }).click();
  const card = dialog.getByTestId('alarm-card');
  // Saving with an empty rule is refused: the type and the condition are required.
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(card.getByText('Alarm type is required.')).toBeVisible();
  await card.getByLabel(/^Alarm type/).fill('High Temperature');
  await card.getByTestId('create-rule-CRITICAL').getByRole('button', { name: 'Edit', exact: true }).click();
  const condition = page.getByRole('dialog', { name: 'Alarm rule condition' });
  await condition.getByRole('button', { name: 'Add key filter' }).click();
  await condition.getByLabel('Key name').fill('temperature');
  await condition.getByRole('combobox', { name: 'Operation' }).click();
  await page.getByRole('option', { name: 'greater than' }).click();
  await condition.getByLabel('Value', { exact: true }).fill('30');
  await condition.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'Repeating' }).click();
  await condition.getByLabel('Count of events').fill('2');
  await condition.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('create-rule-CRITICAL').getByTestId('condition-summary')).toHaveText(
    'temperature > 30 2 times in a row',
  );
  await card.getByLabel('Alarm details').first().fill('Current temperature = ${temperature}');
  // A schedule: shown on a 12-hour clock, an overnight range in two parts (then back to any time).
  await card.getByTestId('create-rule-CRITICAL').getByRole('button', { name: 'Edit schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule' });
  await schedule.getByRole('radio', { name: 'Active at a specific time' }).check();
  await schedule.getByLabel('Starts on').fill('22:00');
  await schedule.getByLabel('Ends on').fill('06:00');
  await expect(schedule.getByTestId('range-display')).toHaveText('10:00 PM – 12:00 AM · 12:00 AM – 6:00 AM');
  await saveScreenshot(page, 'alarm-rules-schedule-1440.png');
  await schedule.getByRole('radio', { name: 'Active all the time' }).check();
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('schedule-summary')).toHaveText('Active all the time');
  await saveScreenshot(page, 'alarm-rules-editor-1440.png');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Device profile '${profileName}' added`)).toBeVisible();

  // A device of that profile.
  const profiles = await apiCall(
    page,
    'GET',
    `/api/deviceProfiles?pageSize=50&page=0&textSearch=${encodeURIComponent(profileName)}`,
  );
  const profile = (profiles.body as { data: { id: { id: string }; profileData: { alarms: unknown[] } }[] }).data[0]!;
  expect(profile.profileData.alarms).toHaveLength(1);
  const deviceName = `Freezer unit ${suffix}`;
  const created = await apiCall(page, 'POST', '/api/device', {
    name: deviceName,
    type: profileName,
    deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profile.id.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const deviceId = (created.body as { id: { id: string } }).id.id;
  const credentials = await apiCall(page, 'GET', `/api/device/${deviceId}/credentials`);
  const token = (credentials.body as { credentialsId: string }).credentialsId;
  const post = async (temperature: number) => {
    const res = await page.request.post(`/api/v1/${token}/telemetry`, { data: { temperature } });
    expect(res.status()).toBe(200);
  };

  await openAlarmCenter(page);
  // One hot reading is not enough (REPEATING 2); the second raises the alarm, which appears live.
  await post(35);
  await page.waitForTimeout(500);
  expect(
    ((await apiCall(page, 'GET', `/api/alarm/DEVICE/${deviceId}?pageSize=10&page=0`)).body as { data: unknown[] }).data,
  ).toHaveLength(0);
  await post(36.5);
  const row = page.locator('[data-alarm-id]').filter({ hasText: deviceName });
  await expect(row).toContainText('High Temperature', { timeout: scaled(15_000) });
  const alarmId = await row.getAttribute('data-alarm-id');
  const alarm = { id: alarmId! };
  await expect(centerRow(page, alarm).locator('[data-severity="CRITICAL"]')).toHaveText('Critical');
  await expectStatus(page, alarm, 'ACTIVE_UNACK');

  // Acknowledge from the row, clear from the details dialog (which shows the substituted details).
  await centerRow(page, alarm).getByRole('button', { name: 'Acknowledge: High Temperature' }).click();
  await page.getByRole('dialog', { name: 'Acknowledge 1 alarm?' }).getByRole('button', { name: 'Yes' }).click();
  await expectStatus(page, alarm, 'ACTIVE_ACK');
  await centerRow(page, alarm).getByText('High Temperature').click();
  const details = page.getByRole('dialog', { name: /Alarm details: High Temperature/ });
  await expect(details.getByTestId('alarm-details-json')).toContainText('Current temperature = 36.5');
  await details.getByRole('button', { name: 'Clear' }).click();
  await expect(details.locator('[data-status="CLEARED_ACK"]')).toBeVisible({ timeout: scaled(15_000) });
  await details.getByRole('button', { name: 'Close' }).click();
  await expectStatus(page, alarm, 'CLEARED_ACK');
});
