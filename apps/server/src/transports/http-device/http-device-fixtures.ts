import { afterAll, beforeAll, expect } from 'vitest';
import { createDevice, credentialsOf, type DeviceDto } from '../../modules/devices/devices-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * One test app per file with a device and its token; the bindings are filled in by beforeAll
 * (ES module live bindings), so test files import them directly.
 */
export let t: TestApp;
export let tenant: string;
export let dev: DeviceDto;
export let token: string;
let n = 0;

export function useHttpDeviceApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    ({ tenant } = await t.demoTokens());
    dev = await createDevice(t, tenant, { name: 'HTTP device', type: 'default' });
    token = (await credentialsOf(t, tenant, dev.id.id)).credentialsId;
  });
  afterAll(() => t.close());
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 3 s) until `check` holds, then asserts it. */
export async function until(check: () => boolean) {
  for (let i = 0; i < 300 && !check(); i++) await sleep(10);
  expect(check()).toBe(true);
}

/** Until the device has a long poll open. */
export const polling = () => until(() => t.app.services.deviceSessions.isConnected(dev.id.id));

export const JSON_TYPE = { 'content-type': 'application/json' };

/** A device API call with the test device's token. */
export const send = (
  method: 'GET' | 'POST',
  path: string,
  payload?: string,
  headers: Record<string, string> = JSON_TYPE,
) => t.app.inject({ method, url: `/api/v1/${token}/${path}`, headers, ...(payload === undefined ? {} : { payload }) });

export const target = () => ({ tenantId: dev.tenantId.id, entityType: 'DEVICE', id: dev.id.id });

/** Latest values of the test device as key → [ts, type, value]. */
export const latest = async (keys: string[]) =>
  Object.fromEntries(
    (await t.app.services.telemetry.latest(dev.id.id, keys)).map((e) => [e.key, [e.ts, e.type, e.value]]),
  );

export async function newDevice(): Promise<{ device: DeviceDto; token: string }> {
  const device = await createDevice(t, tenant, { name: `HTTP device ${++n}` });
  return { device, token: (await credentialsOf(t, tenant, device.id.id)).credentialsId };
}
