// End to end: a device posts telemetry over the HTTP device API; the default root chain's device
// profile node raises and clears the profile's alarm (real AlarmOps) and the telemetry is still saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, credentialsOf } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld, type World } from '../../modules/users/users-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

const cond = (op: 'GREATER' | 'LESS', v: number) => ({
  condition: [
    {
      key: { type: 'TIME_SERIES', key: 'temperature' },
      valueType: 'NUMERIC',
      predicate: { type: 'NUMERIC', operation: op, value: { defaultValue: v } },
    },
  ],
  spec: { type: 'SIMPLE' },
});

const hotAlarm = (threshold: number) => [
  {
    id: 'hot',
    alarmType: 'High Temperature',
    createRules: {
      MAJOR: {
        condition: cond('GREATER', threshold),
        schedule: { type: 'ANY_TIME' },
        alarmDetails: 'Temp ${temperature}',
      },
    },
    clearRule: { condition: cond('LESS', 20), schedule: { type: 'ANY_TIME' } },
    propagate: false,
  },
];

/** A copy of the default profile with the alarm rules, saved through the REST API as the UI does. */
async function saveProfile(profile: Record<string, unknown> & { profileData: Record<string, unknown> }) {
  const res = await t.request('POST', '/api/deviceProfile', { token: w.tokens.tenant, body: profile });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { id: { id: string }; profileData: Record<string, unknown> };
}

async function setup(alarms: unknown[] = hotAlarm(25)) {
  const info = (await t.request('GET', '/api/deviceProfileInfo/default', { token: w.tokens.tenant })).json();
  const base = (await t.request('GET', `/api/deviceProfile/${info.id.id}`, { token: w.tokens.tenant })).json();
  const rest = Object.fromEntries(Object.entries(base).filter(([k]) => !['id', 'createdTime', 'default'].includes(k)));
  const profile = await saveProfile({
    ...rest,
    name: `alarm-profile-${randomUUID()}`,
    profileData: { ...base.profileData, alarms },
  });
  const device = await createDevice(t, w.tokens.tenant, { name: `hot-${randomUUID()}`, deviceProfileId: profile.id });
  const token = (await credentialsOf(t, w.tokens.tenant, device.id.id)).credentialsId;
  const post = async (temperature: number) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: { temperature } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const alarmsOf = async () => {
    const res = await t.request(
      'GET',
      `/api/alarm/DEVICE/${device.id.id}?pageSize=10&page=0&sortProperty=createdTime&sortOrder=DESC`,
      {
        token: w.tokens.tenant,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: { id: string };
      type: string;
      severity: string;
      status: string;
      details: unknown;
    }[];
  };
  const latest = async () => {
    const res = await t.request(
      'GET',
      `/api/plugins/telemetry/DEVICE/${device.id.id}/values/timeseries?keys=temperature`,
      {
        token: w.tokens.tenant,
      },
    );
    return res.json().temperature?.[0]?.value;
  };
  return { profile, post, alarmsOf, latest };
}

describe('device profile alarm rules through the device API', () => {
  it('raises and clears the alarm while telemetry is saved', async () => {
    const { post, alarmsOf, latest } = await setup();
    await post(30);
    await expect
      .poll(alarmsOf, { timeout: 5000 })
      .toMatchObject([
        { type: 'High Temperature', severity: 'MAJOR', status: 'ACTIVE_UNACK', details: { data: 'Temp 30' } },
      ]);
    await expect.poll(latest, { timeout: 5000 }).toMatch(/^30(\.0)?$/);
    await post(10);
    await expect.poll(async () => (await alarmsOf())[0]?.status, { timeout: 5000 }).toBe('CLEARED_UNACK');
    await expect.poll(latest, { timeout: 5000 }).toMatch(/^10(\.0)?$/);
  });

  it('raises a new alarm after a user cleared it, and follows edited rules', async () => {
    const { profile, post, alarmsOf, latest } = await setup();
    await post(30);
    await expect.poll(async () => (await alarmsOf()).length, { timeout: 5000 }).toBe(1);
    const first = (await alarmsOf())[0]!;
    const cleared = await t.request('POST', `/api/alarm/${first.id.id}/clear`, { token: w.tokens.tenant });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await post(31);
    await expect
      .poll(async () => (await alarmsOf()).map((a) => a.status), { timeout: 5000 })
      .toEqual(['ACTIVE_UNACK', 'CLEARED_UNACK']);

    await post(10); // clears the second one
    await expect.poll(async () => (await alarmsOf())[0]?.status, { timeout: 5000 }).toBe('CLEARED_UNACK');
    await saveProfile({ ...profile, profileData: { ...profile.profileData, alarms: hotAlarm(50) } });
    await post(40); // below the edited threshold
    await expect.poll(latest, { timeout: 5000 }).toMatch(/^40(\.0)?$/);
    expect((await alarmsOf()).filter((a) => a.status === 'ACTIVE_UNACK')).toHaveLength(0);
    await post(60);
    await expect.poll(async () => (await alarmsOf())[0]?.details, { timeout: 5000 }).toEqual({ data: 'Temp 60' });
  });

  it('raises a lower-severity alarm after a user cleared the higher one', async () => {
    const [hot] = hotAlarm(25);
    const rules = { CRITICAL: { condition: cond('GREATER', 40), schedule: { type: 'ANY_TIME' } }, ...hot!.createRules };
    const { post, alarmsOf } = await setup([{ ...hot, createRules: rules }]);
    await post(50);
    await expect.poll(async () => (await alarmsOf())[0]?.severity, { timeout: 5000 }).toBe('CRITICAL');
    const cleared = await t.request('POST', `/api/alarm/${(await alarmsOf())[0]!.id.id}/clear`, {
      token: w.tokens.tenant,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await post(30);
    await expect
      .poll(async () => (await alarmsOf()).map((a) => `${a.severity}:${a.status}`), { timeout: 5000 })
      .toEqual(['MAJOR:ACTIVE_UNACK', 'CRITICAL:CLEARED_UNACK']);
  });
});
