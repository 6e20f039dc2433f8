import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, DEMO_USERS, hasHorizontalScroll, postTelemetry, saveScreenshot, scaled, signIn } from './support';

const [, TENANT_ADMIN] = DEMO_USERS;

// A tenant admin edits the root rule chain: adds a script filter, links it, turns debug on, saves;
// a device's telemetry then shows up in the node's debug events (issue 6, Playwright "done when").
test.describe.configure({ timeout: scaled(180_000) });

const flowNode = (page: Page, name: string) =>
  page.locator('.react-flow__node').filter({ has: page.locator(`[data-node-name="${name}"]`) });

/** Drags from one node's output handle to another node's input handle. */
async function connect(page: Page, from: Locator, to: Locator) {
  const source = await from.locator('.react-flow__handle.source').boundingBox();
  const target = await to.locator('.react-flow__handle.target').boundingBox();
  if (!source || !target) throw new Error('handles not visible');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + 5, target.y + 5, { steps: 12 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 4 });
  await page.mouse.up();
}

/** Replaces the text of a CodeMirror editor. */
async function typeCode(editor: Locator, text: string) {
  const content = editor.locator('.cm-content');
  await content.click();
  await content.press('ControlOrMeta+a');
  await content.press('Delete');
  await content.pressSequentially(text);
}

const settle = async (page: Page) => {
  await expect(page.locator('[data-testid^="toast-"]')).toHaveCount(0, { timeout: scaled(15_000) });
};

test('a tenant admin adds a script filter to the root chain and sees its debug events', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const nodeName = `Hot ${suffix}`;
  await signIn(page, TENANT_ADMIN);

  // --- The rule chains table: the tenant's root chain is there and cannot be deleted.
  await page.goto('/ruleChains');
  await expect(page.getByRole('heading', { name: 'Rule chains' })).toBeVisible();
  const rootRow = page.getByRole('row').filter({ hasText: 'Root Rule Chain' });
  await expect(rootRow).toBeVisible();
  await expect(rootRow.getByRole('button', { name: 'Delete rule chain' })).toBeDisabled();
  await settle(page);
  await saveScreenshot(page, 'rule-chains-list-1440.png');

  // --- The editor: the palette in the spec's order, the Input node and the chain's nodes.
  await rootRow.getByText('Root Rule Chain').click();
  await expect(page).toHaveURL(/\/ruleChains\/[0-9a-f-]{36}$/);
  await expect(flowNode(page, 'Message Type Switch')).toBeVisible();
  await expect(flowNode(page, 'Input')).toBeVisible();
  const palette = page.getByRole('complementary', { name: 'Rule nodes' });
  // Sections in the spec's display order (a type with no component yet has no section).
  const order = ['Filter', 'Enrichment', 'Transformation', 'Action', 'External', 'Rule chain'];
  await expect(palette.getByRole('heading', { level: 3 }).first()).toHaveText('Filter');
  const sections = await palette.getByRole('heading', { level: 3 }).allTextContents();
  expect(sections).toEqual(order.filter((title) => sections.includes(title)));
  expect(sections).toEqual(expect.arrayContaining(['Filter', 'Enrichment', 'Transformation', 'Action', 'Rule chain']));
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // --- Drag the 'script' filter onto the canvas: its settings dialog asks for a name.
  await palette.getByRole('textbox', { name: 'Search nodes' }).fill('script');
  const scriptFilter = palette.locator('[data-clazz$="filter.TbJsFilterNode"]');
  const canvas = page.getByTestId('rule-chain-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not visible');
  await scriptFilter.dragTo(canvas, { targetPosition: { x: box.width * 0.55, y: box.height * 0.8 } });
  const settings = page.getByRole('dialog', { name: /^script: / });
  await expect(settings).toBeVisible();
  await settings.getByRole('textbox', { name: 'Name' }).fill(nodeName);
  await settings.getByRole('switch', { name: 'Debug mode' }).check();
  await typeCode(settings.getByTestId('script-field-jsScript'), 'return msg.temperature > 20;');

  // --- The script test dialog: Test runs it on the server; Save returns the script.
  await settings.getByRole('button', { name: 'Test script function' }).click();
  const tester = page.getByRole('dialog', { name: 'Test script function' });
  await expect(tester).toBeVisible();
  await tester.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(tester.getByTestId('script-test-output')).toContainText('true');
  await saveScreenshot(page, 'rule-chains-script-test-1440.png');
  await tester.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(tester).toBeHidden();
  await settings.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(settings).toBeHidden();
  await expect(flowNode(page, nodeName)).toBeVisible();

  // --- Link it from the switch with 'Post telemetry'.
  await connect(page, flowNode(page, 'Message Type Switch'), flowNode(page, nodeName));
  const link = page.getByRole('dialog', { name: 'Add link' });
  await expect(link).toBeVisible();
  await link.getByRole('combobox', { name: 'Link labels' }).fill('Post telemetry');
  await page.getByRole('option', { name: 'Post telemetry', exact: true }).click();
  await link.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(link).toBeHidden();

  // --- Undo takes the link away, redo brings it back (toolbar and keyboard).
  const telemetryLabels = page.locator('.react-flow__edge-text').filter({ hasText: /^Post telemetry$/ });
  await expect(telemetryLabels).toHaveCount(2);
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(telemetryLabels).toHaveCount(1);
  await page.getByRole('button', { name: /^Redo/ }).click();
  await expect(telemetryLabels).toHaveCount(2);
  await page.locator('.react-flow__pane').click({ position: { x: 30, y: 30 } });
  await page.keyboard.press('ControlOrMeta+z');
  await expect(telemetryLabels).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(telemetryLabels).toHaveCount(2);

  // --- Save.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText("Rule chain 'Root Rule Chain' saved", { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // --- A device posts telemetry over HTTP: the filter sees it.
  const created = await apiCall(page, 'POST', '/api/device', { name: `RC sensor ${suffix}` });
  expect(created.status).toBe(200);
  const deviceId = (created.body as { id: { id: string } }).id.id;
  const credentials = await apiCall(page, 'GET', `/api/device/${deviceId}/credentials`);
  const token = (credentials.body as { credentialsId: string }).credentialsId;
  await postTelemetry(page, token, { temperature: 25.5 });

  // --- The node's debug events: an IN and an OUT (relation True), newest first, refreshing itself.
  await flowNode(page, nodeName).click();
  await page.getByRole('button', { name: 'Debug events' }).click();
  const events = page.getByRole('region', { name: 'Debug events' });
  await expect(events.locator('[data-testid="debug-event"][data-event-type="IN"]').first()).toBeVisible({
    timeout: scaled(30_000),
  });
  const out = events.locator('[data-testid="debug-event"][data-event-type="OUT"]').first();
  await expect(out).toBeVisible({ timeout: scaled(30_000) });
  // Soft: the rest of the flow (and its screenshots) still runs when the script engine misbehaves.
  await expect.soft(out).toContainText('True');
  await expect(out).toContainText('POST_TELEMETRY_REQUEST');
  await out.click();
  await expect(events.getByText('"temperature": 25.5').first()).toBeVisible();
  await settle(page);
  await saveScreenshot(page, 'rule-chains-editor-debug-1440.png');

  // --- The node keeps its settings after a reload (saved, not only drawn).
  await page.reload();
  await flowNode(page, nodeName).dblclick();
  const reopened = page.getByRole('dialog', { name: `script: ${nodeName}` });
  await expect(reopened.getByRole('switch', { name: 'Debug mode' })).toBeChecked();
  await expect(reopened.getByTestId('script-field-jsScript')).toContainText('return msg.temperature > 20;');
  await saveScreenshot(page, 'rule-chains-node-settings-1440.png');
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await settle(page);
  await saveScreenshot(page, 'rule-chains-editor-1440.png');

  // --- Phones: the table and the editor fit; the editor suggests a larger screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(flowNode(page, nodeName)).toBeVisible();
  await expect(page.getByText('The rule chain editor works best on a larger screen.')).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'rule-chains-editor-390.png');
  await page.getByRole('button', { name: 'Rule nodes' }).click();
  await expect(page.locator('[data-clazz$="filter.TbJsFilterNode"]')).toBeVisible();
  await saveScreenshot(page, 'rule-chains-palette-390.png');
  await page.keyboard.press('Escape');
  await page.goto('/ruleChains');
  await expect(page.getByRole('row').filter({ hasText: 'Root Rule Chain' })).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await settle(page);
  await saveScreenshot(page, 'rule-chains-list-390.png');
});

test('rule chains: add, export, import (unsaved until Save), a rule chain node, delete', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `Thermostats ${suffix}`;
  await signIn(page, TENANT_ADMIN);
  await page.goto('/ruleChains');

  // --- Add: the new chain opens in the editor with only the Input node.
  await page.getByRole('button', { name: 'Add rule chain' }).click();
  const add = page.getByRole('dialog', { name: 'Add rule chain' });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('Name is required.')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'Description' }).fill('Per-floor thermostats');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/ruleChains\/[0-9a-f-]{36}$/);
  await expect(flowNode(page, 'Input')).toBeVisible();
  await expect(page.locator('[data-testid="rule-node"]')).toHaveCount(1);

  // --- Export the root chain: ThingsBoard's {ruleChain, metadata} file.
  await page.goto('/ruleChains');
  const rootRow = page.getByRole('row').filter({ hasText: 'Root Rule Chain' });
  const downloading = page.waitForEvent('download');
  await rootRow.getByRole('button', { name: 'Export rule chain' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('root_rule_chain.json');
  const file = JSON.parse(
    await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as {
    ruleChain: { name: string; root: boolean };
    metadata: { nodes: { name: string }[] };
  };
  expect(file.ruleChain.name).toBe('Root Rule Chain');
  expect(file.ruleChain.root).toBe(false);
  expect(file.metadata.nodes.map((n) => n.name)).toContain('Message Type Switch');

  // --- Import it under a new name: the editor shows it unsaved; Save creates the chain.
  const importedName = `Imported ${suffix}`;
  file.ruleChain.name = importedName;
  await page.getByTestId('rulechain-import-input').setInputFiles({
    name: 'chain.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page).toHaveURL(/\/ruleChains\/import$/);
  await expect(page.getByText('Imported — not saved yet')).toBeVisible();
  await expect(flowNode(page, 'Message Type Switch')).toBeVisible();
  // Leaving with unsaved changes asks first.
  await page.getByRole('button', { name: 'Rule chains', exact: true }).first().click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/ruleChains\/import$/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/ruleChains\/[0-9a-f-]{36}$/);
  await expect(flowNode(page, 'Save Timeseries')).toBeVisible();
  // The saved chain reloads under its new id (the editor remounts): wait until it has settled.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // --- A 'rule chain' node: forwards to the root chain; after a reload it names its target.
  const chainItem = page
    .getByRole('complementary', { name: 'Rule nodes' })
    .getByRole('button', { name: 'Rule chain: rule chain' });
  const canvas = page.getByTestId('rule-chain-canvas');
  await expect.poll(() => canvas.boundingBox()).not.toBeNull();
  const canvasBox = (await canvas.boundingBox())!;
  await chainItem.dragTo(page.getByTestId('rule-chain-canvas'), {
    targetPosition: { x: canvasBox.width * 0.5, y: canvasBox.height * 0.85 },
  });
  const chainSettings = page.getByRole('dialog', { name: /^Rule chain: / });
  await chainSettings.getByRole('combobox', { name: 'Rule chain' }).fill('Root');
  await page.getByRole('option', { name: 'Root Rule Chain' }).click();
  await chainSettings.getByRole('button', { name: 'Add', exact: true }).click();
  await connect(page, flowNode(page, 'Message Type Switch'), flowNode(page, 'Root Rule Chain'));
  const chainLink = page.getByRole('dialog', { name: 'Add link' });
  await chainLink.getByRole('combobox', { name: 'Link labels' }).fill('Entity Created');
  await page.getByRole('option', { name: 'Entity Created', exact: true }).click();
  await chainLink.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.reload();
  await expect(flowNode(page, 'Root Rule Chain')).toContainText('Rule chain');
  await expect(page.locator('.react-flow__edge-text').filter({ hasText: /^Entity Created$/ })).toHaveCount(1);

  // --- A file that is not a rule chain is refused.
  await page.goto('/ruleChains');
  await page.getByTestId('rulechain-import-input').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello":1}'),
  });
  await expect(page.getByText('Unable to import rule chain: Invalid rule chain data structure.')).toBeVisible();

  // --- Delete the added chain after confirming.
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Delete rule chain' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Root Rule Chain' })).toBeVisible();
});
