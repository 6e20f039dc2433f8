import { expect, test, type Page } from '@playwright/test';
import { apiCall, DEMO_USERS, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

const [, TENANT_ADMIN, CUSTOMER] = DEMO_USERS;

// The dashboards list of issue 7: add, edit, share with customers, make public with its link, export
// and import in ThingsBoard's format, delete; a customer user then sees what was shared with it.
test.describe.configure({ timeout: scaled(120_000) });

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const rowAction = (page: Page, text: string, action: string) =>
  row(page, text).getByRole('button', { name: action, exact: true });

test('a tenant admin manages dashboards and a customer sees the one shared with it', async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const title = `Energy ${suffix}`;
  await signIn(page, TENANT_ADMIN);
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();

  // --- Add: the title is required.
  await page.getByRole('button', { name: 'Add dashboard' }).click();
  const form = page.getByRole('dialog', { name: 'Add dashboard' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Title is required.')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Main meters');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(row(page, title)).toBeVisible();

  // --- Edit keeps the configuration the server has (a widget set through the API survives).
  const listed = await apiCall(
    page,
    'GET',
    `/api/tenant/dashboards?pageSize=10&page=0&textSearch=${encodeURIComponent(title)}`,
  );
  const id = (listed.body as { data: { id: { id: string } }[] }).data[0]!.id.id;
  const full = (await apiCall(page, 'GET', `/api/dashboard/${id}`)).body as { configuration: Record<string, unknown> };
  expect(full.configuration.description).toBe('Main meters');
  await apiCall(page, 'POST', '/api/dashboard', {
    ...full,
    configuration: { ...full.configuration, widgets: { w1: { typeAlias: 'basic_timeseries' } } },
  });
  await rowAction(page, title, 'Edit dashboard').click();
  const edit = page.getByRole('dialog', { name: 'Edit dashboard' });
  await expect(edit.getByLabel('Description')).toHaveValue('Main meters');
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(row(page, `${title} v2`)).toBeVisible();
  const edited = (await apiCall(page, 'GET', `/api/dashboard/${id}`)).body as {
    configuration: Record<string, unknown>;
  };
  expect(edited.configuration.widgets).toEqual({ w1: { typeAlias: 'basic_timeseries' } });

  // --- Share with Customer A.
  await rowAction(page, `${title} v2`, 'Manage assigned customers').click();
  const share = page.getByRole('dialog', { name: 'Manage assigned customers' });
  await share.getByLabel('Assigned customers').fill('Customer A');
  await page.getByRole('option', { name: 'Customer A' }).click();
  await share.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(share).toBeHidden();
  await expect(row(page, `${title} v2`).getByText('Customer A')).toBeVisible();

  // --- Make public: the link has this origin and the Public customer's id; then private again.
  await rowAction(page, `${title} v2`, 'Make dashboard public').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Dashboard is now public' });
  const link = await linkDialog.getByTestId('dashboard-public-link').inputValue();
  expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/dashboard/${id}\\?publicId=[0-9a-f-]{36}$`));
  await saveScreenshot(page, 'dashboards-public-link.png');
  await linkDialog.getByRole('button', { name: 'OK' }).click();
  await expect(row(page, `${title} v2`).getByRole('img', { name: 'Public' })).toBeVisible();

  // --- Export gives ThingsBoard's file; importing it makes a second dashboard.
  const downloading = page.waitForEvent('download');
  await rowAction(page, `${title} v2`, 'Export dashboard').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`energy_${suffix}_v2.json`);
  const file = JSON.parse(
    await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as { title: string; configuration: Record<string, unknown> };
  expect(file).toMatchObject({
    title: `${title} v2`,
    configuration: { widgets: { w1: { typeAlias: 'basic_timeseries' } } },
  });
  file.title = `Imported ${suffix}`;
  await page.getByTestId('dashboard-import-input').setInputFiles({
    name: 'dashboard.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(row(page, `Imported ${suffix}`)).toBeVisible();
  await page.getByTestId('dashboard-import-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"title":"no configuration"}'),
  });
  await expect(page.getByText('Unable to import dashboard: Invalid dashboard data structure.')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'dashboards-desktop.png');
  // A tooltip left open by the last click may hang past the right edge while the page narrows.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, `${title} v2`)).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'dashboards-phone.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // --- The customer user sees the shared dashboard, read-only, and not the imported one.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, CUSTOMER);
  await customerPage.goto('/dashboards');
  await expect(row(customerPage, `${title} v2`)).toBeVisible();
  await expect(row(customerPage, `Imported ${suffix}`)).toHaveCount(0);
  await expect(customerPage.getByRole('button', { name: 'Add dashboard' })).toHaveCount(0);
  await expect(rowAction(customerPage, `${title} v2`, 'Delete dashboard')).toHaveCount(0);
  await customerContext.close();

  // --- Delete asks first.
  for (const name of [`Imported ${suffix}`, `${title} v2`]) {
    await rowAction(page, name, 'Delete dashboard').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, name)).toHaveCount(0);
  }
});
