import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS, apiCall, hasHorizontalScroll, saveScreenshot, signIn } from './support';

const [, TENANT, CUSTOMER] = DEMO_USERS;
const ROUTE = '/react-dashboard/energy-dashboard';
const screenshotPath = (name: string) => fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url));

/** Opens the page through its menu link, as a user does. */
async function openFromMenu(page: Page) {
  await page.locator(`aside [data-menu-path="${ROUTE}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(page.getByRole('heading', { name: 'Energy', level: 1 })).toBeVisible();
  // Every card has its data: a kWh figure for today and a drawn load profile.
  await expect(page.getByTestId('energy-kpi-day-value')).toHaveText(/^[\d,.]+ kWh$/);
  await expect(page.getByTestId('energy-kpi-peak-value')).toHaveText(/^[\d,.]+ kW$/);
  await expect(page.getByTestId('energy-ranking').getByRole('row')).not.toHaveCount(1);
}

async function buildingNames(page: Page) {
  await page.getByRole('combobox', { name: 'Building' }).click();
  const names = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

test('tenant admin: KPIs, charts, a live value that changes, CSV export', async ({ page }) => {
  await signIn(page, TENANT);
  await openFromMenu(page);
  expect((await buildingNames(page)).sort()).toEqual(['Annex', 'Headquarters']);
  await expect(page.getByTestId('energy-heat-map')).toContainText('Consumption by day and hour');
  await expect(page.getByTestId('energy-live-status')).toHaveText(/^Live/);
  await expect(page.getByTestId('energy-by-sub-meter').locator('rect').first()).toBeVisible();
  // The whole page, charts included, for the README.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: screenshotPath('energy-dashboard-1440.png'), fullPage: true, animations: 'disabled' });

  // Live: the building's main meters report a new power reading through the HTTP transport.
  // The meters the live figure adds up (the building's main meters) are named on the page.
  const chips = page.getByTestId('energy-live').locator('[data-device-id]');
  await expect(chips.first()).toBeVisible();
  const mains = (await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-device-id')!))).map((id) => ({
    id,
  }));
  expect(mains.length).toBeGreaterThan(0);
  const live = page.getByTestId('energy-live-kw');
  await expect(live).not.toHaveText('—');
  for (const [i, meter] of mains.entries()) {
    const creds = (await apiCall(page, 'GET', `/api/device/${meter.id}/credentials`)).body as { credentialsId: string };
    const res = await page.request.post(`/api/v1/${creds.credentialsId}/telemetry`, { data: { power: 61.7 + i } });
    expect(res.status()).toBe(200);
  }
  const expected = mains.reduce((s, _, i) => s + 61.7 + i, 0);
  await expect(live).toHaveText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(expected),
  );

  // CSV of the ranking: the header and the sub-meters with their kWh.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('energy-ranking').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('energy-ranking.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Meter,Load type,kWh,Share %');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(/^[^,]+,[a-z]*,\d+(\.\d+)?,\d+(\.\d+)?$/);

  // CSV of the KPIs: today's figure as the page shows it.
  const [kpis] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('energy-kpis').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const kpiCsv = await readFile((await kpis.path())!, 'utf8');
  const today = kpiCsv.split('\r\n')[1]!.split(',');
  expect(today[0]).toBe('Today');
  const shown = (await page.getByTestId('energy-kpi-day-value').textContent())!.replace(/[ ,]|kWh/g, '');
  expect(Math.round(Number(today[1]))).toBe(Math.round(Number(shown)));
});

test('customer user sees only the Annex, and the page fits a phone', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await openFromMenu(page);
  expect(await buildingNames(page)).toEqual(['Annex']);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('energy-kpi-day-value')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'energy-dashboard-390.png');

  // Dark theme at phone width, then print: the shell's menu bar and the buttons are not printed.
  await page.evaluate(() => localStorage.setItem('TB-theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('energy-kpi-day-value')).toHaveText(/kWh$/);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'energy-dashboard-390-dark.png');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('energy-load-profile')).toBeVisible();
});

test('with the flag off the link and the route are gone', async ({ page }) => {
  await signIn(page, TENANT);
  const me = (await apiCall(page, 'GET', '/api/auth/user')).body as { tenantId: { id: string } };
  const attrs = `/api/plugins/telemetry/TENANT/${me.tenantId.id}/SERVER_SCOPE`;
  expect((await apiCall(page, 'POST', attrs, { dashboard_energy_enable: 0 })).status).toBe(200);
  try {
    await page.reload();
    await expect(page.locator('aside [data-menu-path="/home"]')).toBeVisible();
    await expect(page.locator(`aside [data-menu-path="${ROUTE}"]`)).toHaveCount(0);
    await page.goto(ROUTE);
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    expect((await apiCall(page, 'POST', attrs, { dashboard_energy_enable: 1 })).status).toBe(200);
  }
  await page.goto(ROUTE);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
});
