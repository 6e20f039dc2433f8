import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingDevice, BuildingNode } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ok } from '../../modules/entities/entity-fixtures.ts';
import { DEMO_ASSETS, DEMO_DEVICES } from './demo-building-plan.ts';
import {
  backfillDemoBuilding,
  DEMO_DASHBOARD_FLAGS,
  DEMO_STEP_MS,
  installDemoBuilding,
} from './demo-building-install.ts';

let t: TestApp;
let tokens: { tenant: string; customer: string; sysadmin: string };
let backfill: { points: number; ms: number };
const H = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
  const building = await installDemoBuilding(t.app.services, t.db);
  if (!building) throw new Error('no demo tenant');
  const started = Date.now();
  const { points } = await backfillDemoBuilding(t.app.services, building, t.clock);
  backfill = { points, ms: Date.now() - started };
  console.log(`demo building back-fill: ${points} points in ${backfill.ms} ms`);
}, 120_000);
afterAll(() => t.close());

interface ModelBody {
  timeZone: string;
  settings: Record<string, unknown>;
  roots: BuildingNode[];
  devices: BuildingDevice[];
}
const flatten = (nodes: BuildingNode[]): BuildingNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('the demo building', () => {
  it('is a site with two buildings, floors, zones and a switchboard, every device classified', async () => {
    const body = (await ok(t.request('GET', '/api/buildings', { token: tokens.tenant }))) as ModelBody;
    expect(body).toMatchObject({
      timeZone: 'Asia/Taipei',
      settings: { energyTariff: 4.5, currency: 'TWD', co2Factor: 0.494 },
    });
    expect(body.roots.map((r) => `${r.level}:${r.name}`)).toEqual(['site:SAPO Campus']);
    expect(body.roots[0]!.children.map((c) => `${c.level}:${c.name}`)).toEqual([
      'building:Annex',
      'building:Headquarters',
    ]);
    expect(flatten(body.roots)).toHaveLength(DEMO_ASSETS.length);
    expect(body.devices).toHaveLength(DEMO_DEVICES.length);
    const kinds = body.devices.reduce<Record<string, number>>((m, d) => ({ ...m, [d.kind]: (m[d.kind] ?? 0) + 1 }), {});
    expect(kinds).toEqual({
      breaker: 7,
      energyMeter: 4,
      waterMeter: 3,
      peopleCounter: 3,
      airQuality: 6,
      leakSensor: 3,
    });
    const incomers = body.devices.filter((d) => d.breakerRole === 'incomer').map((d) => d.name);
    expect(incomers.sort()).toEqual(['HQ Incomer 1', 'HQ Incomer 2']);
    const annexMain = body.devices.filter(
      (d) => d.location.buildingId && d.kind === 'energyMeter' && d.meterRole === 'main',
    );
    expect(annexMain.map((d) => d.name)).toEqual(['Annex Main Meter']);
  });

  it('gives Customer A the Annex and its devices only', async () => {
    const body = (await ok(t.request('GET', '/api/buildings', { token: tokens.customer }))) as ModelBody;
    expect(body.roots.map((r) => r.name)).toEqual(['Annex']);
    expect(body.devices.length).toBeGreaterThan(0);
    expect(body.devices.every((d) => d.name.startsWith('Annex'))).toBe(true);
    expect(body.devices).toHaveLength(DEMO_DEVICES.filter((d) => d.name.startsWith('Annex')).length);
  });

  it('turns on the menu flag of the energy page, and only built pages, for the tenant and Customer A', async () => {
    const flagsOf = async (token: string) => {
      const me = (await ok(t.request('GET', '/api/auth/user', { token }))) as {
        tenantId: { id: string };
        customerId: { id: string };
        authority: string;
      };
      const owner = me.authority === 'TENANT_ADMIN' ? `TENANT/${me.tenantId.id}` : `CUSTOMER/${me.customerId.id}`;
      const entries = (await ok(
        t.request('GET', `/api/plugins/telemetry/${owner}/values/attributes/SERVER_SCOPE`, { token }),
      )) as { key: string; value: unknown }[];
      return entries.filter((e) => e.key.startsWith('dashboard_')).map((e) => [e.key, e.value]);
    };
    expect(DEMO_DASHBOARD_FLAGS).toEqual(['dashboard_energy_enable']);
    expect(await flagsOf(tokens.tenant)).toEqual([['dashboard_energy_enable', 1]]);
    expect(await flagsOf(tokens.customer)).toEqual([['dashboard_energy_enable', 1]]);
  });

  it('has seven days of 15-minute history: full daily consumption, busier on weekdays than at night', async () => {
    const model = (await ok(t.request('GET', '/api/buildings', { token: tokens.tenant }))) as ModelBody;
    const hq = model.roots[0]!.children.find((c) => c.name === 'Headquarters')!;
    const end = Math.floor(t.clock.now() / DEMO_STEP_MS) * DEMO_STEP_MS;
    const q = new URLSearchParams({
      nodeId: hq.id,
      bucket: 'HOUR',
      startTs: String(end - 6 * 24 * H),
      endTs: String(end - H),
    });
    const body = (await ok(t.request('GET', `/api/buildings/consumption?${q}`, { token: tokens.tenant }))) as {
      total: (number | null)[];
      meters: { name: string; meterRole: string; values: (number | null)[] }[];
    };
    expect(body.total.every((v) => v !== null && v >= 0)).toBe(true);
    const hourly = body.total as number[];
    // Office hours draw several times the night's base load.
    expect(Math.max(...hourly)).toBeGreaterThan(3 * Math.min(...hourly));
    // The incomer takes in what the feeders draw, and a little more.
    const sum = (xs: (number | null)[]) => xs.reduce<number>((a, v) => a + (v ?? 0), 0);
    const feeders = sum(body.meters.filter((m) => m.meterRole === 'sub').flatMap((m) => m.values));
    expect(sum(hourly)).toBeGreaterThan(feeders);
    expect(sum(hourly)).toBeLessThan(feeders * 1.1);
  });

  it('loads its history quickly', () => {
    // 7 days × 96 readings of 26 devices, ~105,000 points: 2–7 s on the shared 2-core machine; late
    // points through the ordinary writer took 130 s. The bound leaves room for a loaded machine.
    expect(backfill.points).toBeGreaterThan(100_000);
    expect(backfill.ms).toBeLessThan(45_000);
  });
});
