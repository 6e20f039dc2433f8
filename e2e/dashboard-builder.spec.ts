import { expect, test, type Locator, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { readFileSync } from 'node:fs';
import { DEMO_USERS, apiCall, hasHorizontalScroll, postTelemetry, saveScreenshot, signIn } from './support';

// Issue 7, "Done when": a dashboard built from scratch in the browser updates live from MQTT, opens
// for an anonymous visitor through its public link, and a ThingsBoard 3.2 dashboard file imports and
// renders with its states and actions.

const TENANT_ADMIN = DEMO_USERS[1];
const MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? 1883);

interface DeviceRef {
  id: string;
  token: string;
}

async function createDevice(page: Page, name: string): Promise<DeviceRef> {
  const created = await apiCall(page, 'POST', '/api/device', { name, type: 'default' });
  expect(created.status).toBe(200);
  const id = (created.body as { id: { id: string } }).id.id;
  const creds = await apiCall(page, 'GET', `/api/device/${id}/credentials`);
  return { id, token: (creds.body as { credentialsId: string }).credentialsId };
}

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
  test.setTimeout(90_000);
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

test('a tenant-written widget type runs in a sandboxed frame: it gets its data, not the user’s tokens', async ({
  page,
}) => {
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const device = await createDevice(page, `Sandbox meter ${suffix}`);
  await postTelemetry(page, device.token, { power: 7.5 });
  const bundle = (await apiCall(page, 'POST', '/api/widgetsBundle', { title: `Own widgets ${suffix}` })).body as {
    alias: string;
  };
  const controllerScript = [
    'self.onInit = function () {',
    "  var stolen = 'none';",
    "  try { stolen = String(window.parent.localStorage.getItem('TB-jwt_token')); } catch (e) { stolen = 'blocked'; }",
    "  try { stolen += '/' + String(localStorage.getItem('TB-jwt_token')); } catch (e) { stolen += '/blocked'; }",
    "  self.ctx.$container.querySelector('.probe').textContent = stolen;",
    '};',
    'self.onDataUpdated = function () {',
    '  var d = self.ctx.data[0];',
    "  self.ctx.$container.querySelector('.value').textContent = d && d.data.length ? 'Power ' + d.data[d.data.length - 1][1] : 'none';",
    '};',
  ].join('\n');
  const type = await apiCall(page, 'POST', '/api/widgetType', {
    bundleAlias: bundle.alias,
    alias: 'power_badge',
    name: 'Power badge',
    descriptor: {
      type: 'latest',
      sizeX: 6,
      sizeY: 3,
      templateHtml: '<div class="value">…</div><div class="probe"></div>',
      templateCss: '.value { font-size: 24px; }',
      controllerScript,
      settingsSchema: '{}',
      dataKeySettingsSchema: '{}',
      defaultConfig: '{}',
    },
  });
  expect(type.status).toBe(200);
  const aliasId = 'a1';
  const dashboard = await apiCall(page, 'POST', '/api/dashboard', {
    title: `Sandbox ${suffix}`,
    configuration: {
      entityAliases: {
        [aliasId]: {
          id: aliasId,
          alias: 'Meter',
          filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: device.id } },
        },
      },
      widgets: {
        w1: {
          id: 'w1',
          isSystemType: false,
          bundleAlias: bundle.alias,
          typeAlias: 'power_badge',
          config: {
            title: 'Power',
            datasources: [
              {
                type: 'entity',
                entityAliasId: aliasId,
                dataKeys: [{ name: 'power', type: 'timeseries', label: 'Power', color: '#000' }],
              },
            ],
          },
        },
      },
      states: {
        default: {
          name: 'Sandbox',
          root: true,
          layouts: { main: { widgets: { w1: { sizeX: 6, sizeY: 3, row: 0, col: 0 } } } },
        },
      },
    },
  });
  const id = (dashboard.body as { id: { id: string } }).id.id;
  await page.goto(`/dashboards/${id}`);
  const frame = page.frameLocator('[data-testid=custom-widget-frame]');
  await expect(frame.locator('.value')).toHaveText('Power 7.5');
  await expect(frame.locator('.probe')).toHaveText('blocked/blocked');
  await expect(page.getByTestId('custom-widget-frame')).toHaveAttribute('sandbox', 'allow-scripts');
  await postTelemetry(page, device.token, { power: 8.25 });
  await expect(frame.locator('.value')).toHaveText('Power 8.25');
});

test('data keys with post-processing functions: values are transformed off the page, an endless one is stopped', async ({
  page,
}) => {
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const device = await createDevice(page, `Post meter ${suffix}`);
  await postTelemetry(page, device.token, { power: 7.5 });
  const card = (id: string, title: string, postFuncBody: string, col: number) => ({
    widget: {
      id,
      isSystemType: true,
      bundleAlias: 'cards',
      typeAlias: 'simple_card',
      config: {
        title,
        showTitle: true,
        datasources: [
          {
            type: 'entity',
            entityAliasId: 'a1',
            dataKeys: [
              { name: 'power', type: 'timeseries', label: title, color: '#000', usePostProcessing: true, postFuncBody },
            ],
          },
        ],
      },
    },
    layout: { sizeX: 6, sizeY: 3, row: 0, col },
  });
  const cards = [
    card('scaled', 'Scaled', 'return value * 10 + prevValue;', 0),
    card('endless', 'Endless', 'while (true) {}', 6),
    card('reach', 'Reach', "return typeof localStorage + '/' + typeof document;", 12),
  ];
  const dashboard = await apiCall(page, 'POST', '/api/dashboard', {
    title: `Post-processing ${suffix}`,
    configuration: {
      entityAliases: {
        a1: {
          id: 'a1',
          alias: 'Meter',
          filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: device.id } },
        },
      },
      widgets: Object.fromEntries(cards.map((c) => [c.widget.id, c.widget])),
      states: {
        default: {
          name: 'Post-processing',
          root: true,
          layouts: { main: { widgets: Object.fromEntries(cards.map((c) => [c.widget.id, c.layout])) } },
        },
      },
    },
  });
  const id = (dashboard.body as { id: { id: string } }).id.id;
  await page.goto(`/dashboards/${id}`);
  const scaled = page.locator('[data-testid=dashboard-widget]', { hasText: 'Scaled' });
  const endless = page.locator('[data-testid=dashboard-widget]', { hasText: 'Endless' });
  const reach = page.locator('[data-testid=dashboard-widget]', { hasText: 'Reach' });
  await expect(scaled).toContainText('75');
  await expect(reach).toContainText('undefined/undefined');
  await expect(endless.getByTestId('widget-message')).toHaveText(
    'Post-processing function of "Endless" failed: The function ran longer than 1000 ms and was stopped',
  );
  // The page kept working, and the next value continues from the previous processed one (75 + 82.5).
  await postTelemetry(page, device.token, { power: 8.25 });
  await expect(scaled).toContainText('157.5');
  await expect(reach).toContainText('undefined/undefined');
  // Mobile mode settings: the third card goes first in the one-column phone layout.
  await page.getByTestId('dashboard-edit').click();
  await reach.getByTestId('widget-edit').click();
  const config = page.getByTestId('widget-config-dialog');
  await config.getByRole('tab', { name: 'Appearance' }).click();
  await config.getByLabel('Height').fill('0');
  await expect(config.getByText('Height must be a whole number of rows, at least 1.')).toBeVisible();
  await expect(config.getByTestId('widget-config-save')).toBeDisabled();
  await config.getByLabel('Height').fill('4');
  await config.getByLabel('Order').fill('-1');
  await config.getByTestId('widget-config-save').click();
  await page.getByTestId('save-dashboard').click();
  await expect(page.getByTestId('dashboard-editor')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  const titles = page.locator('[data-testid=dashboard-widget]');
  await expect(titles.first()).toContainText('Reach');
  await expect(titles.nth(1)).toContainText('Scaled');
  const saved = await apiCall(page, 'GET', `/api/dashboard/${id}`);
  const place = (
    saved.body as {
      configuration: { states: { default: { layouts: { main: { widgets: Record<string, unknown> } } } } };
    }
  ).configuration.states.default.layouts.main.widgets.reach;
  expect(place).toMatchObject({ mobileOrder: -1, mobileHeight: 4 });
  await saveScreenshot(page, 'dashboard-post-processing-390.png');
});

test('a custom header action runs in the worker: it opens a state with parameters and shows a toast, and may not leave the app', async ({
  page,
}) => {
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const customFunction = [
    'var params = widgetContext.stateController.getStateParams();',
    "params.note = 'from ' + widgetContext.stateController.getStateId();",
    "widgetContext.stateController.openState('details', params, false);",
    "widgetContext.showSuccessToast('Details opened');",
  ].join('\n');
  const leave = "widgetContext.router.navigateByUrl('https://example.com/steal');";
  const dashboard = await apiCall(page, 'POST', '/api/dashboard', {
    title: `Custom actions ${suffix}`,
    configuration: {
      entityAliases: {},
      widgets: {
        w1: {
          id: 'w1',
          isSystemType: true,
          bundleAlias: 'cards',
          typeAlias: 'label_widget',
          config: {
            title: 'Actions',
            showTitle: true,
            datasources: [],
            actions: {
              headerButton: [
                { id: 'b1', name: 'Open details', icon: 'more_horiz', type: 'custom', customFunction },
                { id: 'b2', name: 'Leave', icon: 'more_horiz', type: 'custom', customFunction: leave },
              ],
            },
          },
        },
      },
      states: {
        default: {
          name: 'Overview',
          root: true,
          layouts: { main: { widgets: { w1: { sizeX: 8, sizeY: 4, row: 0, col: 0 } } } },
        },
        details: {
          name: 'Details',
          root: false,
          layouts: { main: { widgets: { w1: { sizeX: 8, sizeY: 4, row: 0, col: 0 } } } },
        },
      },
    },
  });
  const id = (dashboard.body as { id: { id: string } }).id.id;
  await page.goto(`/dashboards/${id}`);
  await page.getByRole('button', { name: 'Open details' }).click();
  await expect(page.getByText('Details opened')).toBeVisible();
  await expect(page.getByTestId('dashboard-state-breadcrumbs')).toContainText('Details');
  const state = JSON.parse(
    Buffer.from(new URL(page.url()).searchParams.get('state') ?? '', 'base64').toString('utf8'),
  ) as { id: string; params: { note?: string } }[];
  expect(state.at(-1)).toMatchObject({ id: 'details', params: { note: 'from default' } });
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(
    page.getByText('A custom action may only open pages of this app: https://example.com/steal'),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/dashboards/${id}`);
});

test("an RPC switch reads and writes through the author's parse and convert functions, with a real device answering over MQTT", async ({
  page,
}) => {
  await signIn(page, TENANT_ADMIN);
  const suffix = Date.now().toString(36);
  const device = await createDevice(page, `Pump ${suffix}`);
  // The device: answers getValue with its state and setValue by taking the state it was sent.
  let state = 'off';
  const received: unknown[] = [];
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    username: device.token,
    reconnectPeriod: 0,
  });
  try {
    await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    client.on('message', (topic, payload) => {
      const request = JSON.parse(payload.toString()) as { method: string; params: { state?: string } | null };
      if (request.method === 'setValue') {
        received.push(request.params);
        state = request.params?.state ?? state;
      }
      const id = topic.split('/').pop();
      void client.publishAsync(`v1/devices/me/rpc/response/${id}`, JSON.stringify({ state }), { qos: 1 });
    });
    const dashboard = await apiCall(page, 'POST', '/api/dashboard', {
      title: `Pump control ${suffix}`,
      configuration: {
        entityAliases: {
          a1: {
            id: 'a1',
            alias: 'Pump',
            filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: device.id } },
          },
        },
        widgets: {
          sw: {
            id: 'sw',
            isSystemType: true,
            bundleAlias: 'control_widgets',
            typeAlias: 'round_switch',
            config: {
              title: 'Pump switch',
              showTitle: true,
              datasources: [],
              targetDeviceAliasIds: ['a1'],
              settings: {
                title: 'Pump',
                retrieveValueMethod: 'rpc',
                getValueMethod: 'getValue',
                setValueMethod: 'setValue',
                parseValueFunction: "return data.state === 'on';",
                convertValueFunction: "return { state: value ? 'on' : 'off' };",
                requestTimeout: 5000,
              },
            },
          },
        },
        states: {
          default: {
            name: 'Pump',
            root: true,
            layouts: { main: { widgets: { sw: { sizeX: 6, sizeY: 5, row: 0, col: 0 } } } },
          },
        },
      },
    });
    const id = (dashboard.body as { id: { id: string } }).id.id;
    await page.goto(`/dashboards/${id}`);
    const button = page.getByRole('button', { name: 'Pump', exact: true });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(received).toEqual([{ state: 'on' }]);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(received).toEqual([{ state: 'on' }, { state: 'off' }]);
  } finally {
    await client.endAsync();
  }
});
