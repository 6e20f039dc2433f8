import { expect, type Page } from '@playwright/test';
import { apiCall } from './support';

// Set-up shared by the dashboard specs: devices made over the REST API, and dashboards written as
// ThingsBoard 3.2 JSON with one alias and one layout.

/** The MQTT port of the e2e server (scripts/e2e.mjs starts it on a free port). */
export const MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? 1883);

export interface DeviceRef {
  id: string;
  token: string;
}

export async function createDevice(page: Page, name: string): Promise<DeviceRef> {
  const created = await apiCall(page, 'POST', '/api/device', { name, type: 'default' });
  expect(created.status).toBe(200);
  const id = (created.body as { id: { id: string } }).id.id;
  const creds = await apiCall(page, 'GET', `/api/device/${id}/credentials`);
  return { id, token: (creds.body as { credentialsId: string }).credentialsId };
}

/** An entity alias `a1` for one device. */
export const deviceAlias = (deviceId: string, alias: string) => ({
  a1: { id: 'a1', alias, filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: deviceId } } },
});

export interface PlacedWidget {
  widget: { id: string } & Record<string, unknown>;
  layout: { sizeX: number; sizeY: number; row: number; col: number };
}

/**
 * Saves a dashboard whose root state `default` (and each extra state) shows the given widgets; returns
 * its id.
 */
export async function createDashboard(
  page: Page,
  title: string,
  widgets: readonly PlacedWidget[],
  options: { aliases?: Record<string, unknown>; stateName?: string; extraStates?: Record<string, string> } = {},
): Promise<string> {
  const layouts = { main: { widgets: Object.fromEntries(widgets.map((w) => [w.widget.id, w.layout])) } };
  const states: Record<string, unknown> = { default: { name: options.stateName ?? title, root: true, layouts } };
  for (const [id, name] of Object.entries(options.extraStates ?? {})) states[id] = { name, root: false, layouts };
  const saved = await apiCall(page, 'POST', '/api/dashboard', {
    title,
    configuration: {
      entityAliases: options.aliases ?? {},
      widgets: Object.fromEntries(widgets.map((w) => [w.widget.id, w.widget])),
      states,
    },
  });
  expect(saved.status).toBe(200);
  return (saved.body as { id: { id: string } }).id.id;
}
