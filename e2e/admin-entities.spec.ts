import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, hasHorizontalScroll, saveScreenshot, scaled, signIn } from './support';

const [SYSADMIN, TENANT_ADMIN] = DEMO_USERS;

// Whole create → edit → search → delete journeys: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: scaled(120_000) });

/** The table row that shows `text` (titles are unique per run). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The open create/edit dialog (MUI marks dialogs with role dialog; the drawer has its own label). */
const formDialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
}

async function chooseCountry(dialog: Locator, country: string) {
  const input = dialog.getByRole('combobox', { name: 'Country' });
  await input.fill(country);
  await dialog.page().getByRole('option', { name: country, exact: true }).click();
  await expect(input).toHaveValue(country);
}

async function toast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test.describe('tenant profiles and tenants (system administrator)', () => {
  test('create a profile with a limit, a tenant with it; edit, search, delete', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const profileName = `E2E profile ${suffix}`;
    const tenantTitle = `E2E tenant ${suffix}`;
    await signIn(page, SYSADMIN);

    // --- Tenant profile with a limit; a bad limit is refused on the client first.
    await page.goto('/tenantProfiles');
    await expect(page.getByRole('heading', { name: 'Tenant profiles', level: 1 })).toBeVisible();
    // The default profile can't be deleted.
    const defaultRow = page.getByRole('row').filter({ has: page.getByRole('img', { name: 'Default' }) });
    await expect(defaultRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(defaultRow.getByRole('button', { name: 'Make default' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add tenant profile' }).click();
    const profileDialog = formDialog(page, 'Add tenant profile');
    await profileDialog.getByLabel('Name').fill(profileName);
    await profileDialog.getByLabel('Description').fill('Made by the e2e test');
    await expect(profileDialog.getByText('0 = unlimited').first()).toBeVisible();
    await profileDialog.getByLabel('Maximum customers').fill('-1');
    await profileDialog.getByRole('button', { name: 'Add' }).click();
    await expect(profileDialog.getByText('Enter a whole number, 0 or more.')).toBeVisible();
    await profileDialog.getByLabel('Maximum customers').fill('3');
    await profileDialog.getByLabel('Maximum devices').fill('25');
    await expect(profileDialog.getByText('Enter a whole number, 0 or more.')).toBeHidden();
    await saveScreenshot(page, 'tenant-profile-form-1440.png');
    await profileDialog.getByRole('button', { name: 'Add' }).click();
    await toast(page, `Tenant profile '${profileName}' added`);
    await expect(profileDialog).toBeHidden();

    // Its details show the limits it sets.
    await row(page, profileName).getByText(profileName).click();
    const profileDrawer = page.getByRole('dialog', { name: profileName });
    await expect(profileDrawer.getByText('Tenant profile details')).toBeVisible();
    await expect(profileDrawer.locator('dt', { hasText: 'Maximum customers' }).locator('+ dd')).toHaveText('3');
    await expect(profileDrawer.locator('dt', { hasText: 'Maximum assets' }).locator('+ dd')).toHaveText('Unlimited');
    await profileDrawer.getByRole('button', { name: 'Close' }).click();

    // Making it the default asks first (cancelled here: other tests rely on the demo default).
    await row(page, profileName).getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByTestId('dialog-confirm')).toContainText(`make the tenant profile '${profileName}' default?`);
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'No' }).click();
    await expect(row(page, profileName).getByRole('img', { name: 'Default' })).toHaveCount(0);

    // --- Tenant with that profile.
    await page.goto('/tenants');
    await expect(page.getByRole('heading', { name: 'Tenants', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add tenant' }).click();
    const addDialog = formDialog(page, 'Add tenant');
    // The default profile is preselected.
    await expect(addDialog.getByRole('combobox', { name: /Tenant profile/ })).toHaveText(/^Default/);
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expect(addDialog.getByText('Title is required.')).toBeVisible();
    await addDialog.getByLabel(/^Title/).fill(tenantTitle);
    await addDialog.getByRole('combobox', { name: /Tenant profile/ }).click();
    await page.getByRole('option', { name: profileName }).click();
    await chooseCountry(addDialog, 'Germany');
    await addDialog.getByLabel('Zip / Postal code').fill('1011');
    await addDialog.getByLabel('Email').fill(`ops-${suffix}@e2e.test`);
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expect(addDialog.getByText('Invalid postal code format for the selected country.')).toBeVisible();
    await addDialog.getByLabel('Zip / Postal code').fill('10115');
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await toast(page, `Tenant '${tenantTitle}' added`);
    await expect(row(page, tenantTitle)).toContainText(profileName);
    await expect(row(page, tenantTitle)).toContainText('Germany');

    // --- Edit.
    await row(page, tenantTitle).getByRole('button', { name: 'Edit' }).click();
    const editDialog = formDialog(page, 'Edit tenant');
    await expect(editDialog.getByLabel(/^Title/)).toHaveValue(tenantTitle);
    await editDialog.getByLabel('City').fill('Berlin');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Tenant '${tenantTitle}' saved`);
    await expect(row(page, tenantTitle)).toContainText('Berlin');

    await search(page, '');
    await saveScreenshot(page, 'tenants-1440.png');

    // --- Search (prefix, case-insensitive) finds it; nonsense finds nothing.
    await search(page, tenantTitle.toLowerCase());
    await expect(page.getByRole('row')).toHaveCount(2); // header + our tenant
    await expect(row(page, tenantTitle)).toBeVisible();
    await search(page, `zz-none-${suffix}`);
    await expect(page.getByText(`No tenants matching 'zz-none-${suffix}' were found.`)).toBeVisible();
    await search(page, tenantTitle);

    // --- Details, with the way to its users.
    await row(page, tenantTitle).getByText(tenantTitle).click();
    const drawer = page.getByRole('dialog', { name: tenantTitle });
    await expect(drawer.getByText('Tenant details')).toBeVisible();
    await expect(drawer.getByText('Berlin')).toBeVisible();
    await expect(drawer.getByText(profileName)).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Manage tenant users' })).toBeVisible();

    // --- Delete from the details panel: named, warned, confirmed.
    await drawer.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('dialog-confirm');
    await expect(confirm).toContainText(`Are you sure you want to delete the tenant '${tenantTitle}'?`);
    await expect(confirm).toContainText('all related data');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Tenant '${tenantTitle}' deleted`);
    await expect(drawer).toBeHidden();
    await expect(page.getByText(`No tenants matching '${tenantTitle}' were found.`)).toBeVisible();

    // --- Clean up the profile (now unused).
    await page.goto('/tenantProfiles');
    await row(page, profileName).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('dialog-confirm')).toContainText(`delete the tenant profile '${profileName}'?`);
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Tenant profile '${profileName}' deleted`);
    await expect(row(page, profileName)).toHaveCount(0);
  });
});

test.describe('customers (tenant administrator)', () => {
  test('create with field checks, edit, open details, delete', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const title = `E2E customer ${suffix}`;
    await signIn(page, TENANT_ADMIN);
    await page.goto('/customers');
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(row(page, 'Customer A')).toBeVisible();

    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = formDialog(page, 'Add customer');
    // The server's refusal lands on the field it is about, and nothing typed is lost.
    await dialog.getByLabel(/^Title/).fill('Customer A');
    await dialog.getByLabel('City').fill('Taipei');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Customer with such title already exists!')).toBeVisible();
    await expect(dialog.getByLabel('City')).toHaveValue('Taipei');

    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel('Phone').fill('0912345678');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText(/^Enter the phone number in international format/)).toBeVisible();
    await expect(dialog.getByText('Invalid email format.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Phone').fill('+886912345678');
    await dialog.getByLabel('Email').fill(`buyer-${suffix}@e2e.test`);
    await chooseCountry(dialog, 'Taiwan');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await toast(page, `Customer '${title}' added`);
    await expect(row(page, title)).toContainText(`buyer-${suffix}@e2e.test`);

    // --- Edit.
    await row(page, title).getByRole('button', { name: 'Edit' }).click();
    const edit = formDialog(page, 'Edit customer');
    await edit.getByLabel('Description').fill('Key account');
    await edit.getByLabel('Address', { exact: true }).fill('No. 7, Xinyi Rd.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Customer '${title}' saved`);

    await saveScreenshot(page, 'customers-1440.png');

    // --- Details.
    await row(page, title).getByText(title).click();
    const drawer = page.getByRole('dialog', { name: title });
    await expect(drawer.getByText('Customer details')).toBeVisible();
    await expect(drawer.getByText('Key account')).toBeVisible();
    await expect(drawer.getByText('No. 7, Xinyi Rd.')).toBeVisible();
    await expect(drawer.getByText('+886912345678')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Manage customer users' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    // --- Delete from the row.
    await row(page, title).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('dialog-confirm');
    await expect(confirm).toContainText(`Are you sure you want to delete the customer '${title}'?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Customer '${title}' deleted`);
    await expect(row(page, title)).toHaveCount(0);
  });

  test('on a phone the table keeps the title and the actions, without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, TENANT_ADMIN);
    await page.goto('/customers');
    const customerA = row(page, 'Customer A');
    await expect(customerA).toBeVisible();
    await expect(customerA.getByRole('button', { name: 'Manage customer users' })).toBeVisible();
    await expect(customerA.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Email' })).toBeHidden();
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'customers-390.png');

    // The add dialog is full screen and usable.
    await page.getByRole('button', { name: 'Add customer' }).click();
    await expect(formDialog(page, 'Add customer').getByLabel(/^Title/)).toBeVisible();
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  });

  test('dark theme', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('TB-theme', 'dark'));
    await signIn(page, TENANT_ADMIN);
    await page.goto('/customers');
    await expect(row(page, 'Customer A')).toBeVisible();
    await saveScreenshot(page, 'customers-1440-dark.png');
  });
});
