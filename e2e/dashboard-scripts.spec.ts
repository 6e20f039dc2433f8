import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { MQTT_PORT, createDashboard, createDevice, deviceAlias } from './dashboard-support';
import { watchCsp } from './csp-watch';
import { DEMO_USERS, apiCall, postTelemetry, saveScreenshot, signIn } from './support';

// Issue 7: dashboard authors' own code. Tenant widget types run in a sandboxed frame; post-processing
// functions, custom actions and RPC widgets' parse/convert functions run in the script worker. None of
// them reaches the user's session, and an endless one is stopped.

const TENANT_ADMIN = DEMO_USERS[1];

test('a tenant-written widget type runs in a sandboxed frame: it gets its data, not the user’s tokens', async ({
  page,
}) => {
  // The app's Content-Security-Policy runs no inline script; the frame, a document of its own, does.
  const cspViolations = await watchCsp(page);
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
  const widget = {
    id: 'w1',
    isSystemType: false,
    bundleAlias: bundle.alias,
    typeAlias: 'power_badge',
    config: {
      title: 'Power',
      datasources: [
        {
          type: 'entity',
          entityAliasId: 'a1',
          dataKeys: [{ name: 'power', type: 'timeseries', label: 'Power', color: '#000' }],
        },
      ],
    },
  };
  const id = await createDashboard(
    page,
    `Sandbox ${suffix}`,
    [{ widget, layout: { sizeX: 6, sizeY: 3, row: 0, col: 0 } }],
    {
      aliases: deviceAlias(device.id, 'Meter'),
      stateName: 'Sandbox',
    },
  );
  await page.goto(`/dashboards/${id}`);
  const frame = page.frameLocator('[data-testid=custom-widget-frame]');
  await expect(frame.locator('.value')).toHaveText('Power 7.5');
  await expect(frame.locator('.probe')).toHaveText('blocked/blocked');
  await expect(page.getByTestId('custom-widget-frame')).toHaveAttribute('sandbox', 'allow-scripts');
  await postTelemetry(page, device.token, { power: 8.25 });
  await expect(frame.locator('.value')).toHaveText('Power 8.25');
  expect(await cspViolations()).toEqual([]);
});

test('data keys with post-processing functions: values are transformed off the page, an endless one is stopped', async ({
  page,
}) => {
  // The script worker (new Function) and the widget settings forms (ajv) run under the app's policy.
  const cspViolations = await watchCsp(page);
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
  const id = await createDashboard(page, `Post-processing ${suffix}`, cards, {
    aliases: deviceAlias(device.id, 'Meter'),
    stateName: 'Post-processing',
  });
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
  expect(await cspViolations()).toEqual([]);
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
  const widget = {
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
  };
  const id = await createDashboard(
    page,
    `Custom actions ${suffix}`,
    [{ widget, layout: { sizeX: 8, sizeY: 4, row: 0, col: 0 } }],
    {
      stateName: 'Overview',
      extraStates: { details: 'Details' },
    },
  );
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
    const widget = {
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
    };
    const id = await createDashboard(
      page,
      `Pump control ${suffix}`,
      [{ widget, layout: { sizeX: 6, sizeY: 5, row: 0, col: 0 } }],
      {
        aliases: deviceAlias(device.id, 'Pump'),
        stateName: 'Pump',
      },
    );
    await page.goto(`/dashboards/${id}`);
    const button = page.getByRole('button', { name: 'Pump', exact: true });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    // The switch shows the requested state while the call is in flight: wait for the device's side.
    await expect.poll(() => received).toEqual([{ state: 'on' }]);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => received).toEqual([{ state: 'on' }, { state: 'off' }]);
  } finally {
    await client.endAsync();
  }
});
