import { SAMPLE_PROTO_SCHEMAS } from '@sapo/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, ok } from '../devices/devices-fixtures.ts';
import { expectError, setupWorld, type World } from '../users/users-fixtures.ts';

interface Profile {
  id: { entityType: string; id: string };
  name: string;
  default: boolean;
  type: string;
  transportType: string;
  provisionType: string;
  provisionDeviceKey: string | null;
  image: string | null;
  description: string | null;
  defaultRuleChainId: { id: string } | null;
  defaultQueueName: string | null;
  profileData: {
    transportConfiguration: Record<string, unknown>;
    provisionConfiguration: { type: string; provisionDeviceSecret: string | null };
    alarms: unknown;
    configuration: unknown;
  };
}

let t: TestApp;
let w: World;
let tok: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, token = tok) => t.request('POST', '/api/deviceProfile', { token, body });
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('the default profile', () => {
  it('every tenant has one named "default", the demo tenant and new ones alike', async () => {
    for (const token of [tok, w.tokens.other, w.tokens.customer]) {
      const info = await ok<{ name: string; type: string; transportType: string; id: { entityType: string } }>(
        t.request('GET', '/api/deviceProfileInfo/default', { token }),
      );
      expect(info).toMatchObject({
        name: 'default',
        type: 'DEFAULT',
        transportType: 'DEFAULT',
        id: { entityType: 'DEVICE_PROFILE' },
      });
    }
    const counts = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tenant t WHERE NOT EXISTS (SELECT 1 FROM device_profile p WHERE p.tenant_id = t.id AND p.is_default)',
    );
    expect(counts[0]!.n).toBe(0);
  });

  it('cannot be deleted; another profile can become the default', async () => {
    const def = await ok<{ id: { id: string } }>(t.request('GET', '/api/deviceProfileInfo/default', { token: tok }));
    expectError(
      await t.request('DELETE', `/api/deviceProfile/${def.id.id}`, { token: tok }),
      400,
      31,
      'Deletion of Default Device Profile is prohibited!',
    );
    const p = await ok<Profile>(save({ name: 'Next default' }));
    expect(p.default).toBe(false);
    const made = await ok<Profile>(t.request('POST', `/api/deviceProfile/${p.id.id}/default`, { token: tok }));
    expect(made.default).toBe(true);
    expect((await ok<{ name: string }>(t.request('GET', '/api/deviceProfileInfo/default', { token: tok }))).name).toBe(
      'Next default',
    );
    // A device saved without a type now gets the new default.
    expect((await createDevice(t, tok, { name: 'On new default' })).type).toBe('Next default');
    const old = await ok<Profile>(t.request('GET', `/api/deviceProfile/${def.id.id}`, { token: tok }));
    expect(old.default).toBe(false);
    await ok(t.request('POST', `/api/deviceProfile/${def.id.id}/default`, { token: tok }));
  });
});

describe('saving a profile', () => {
  it('fills the spec default MQTT configuration', async () => {
    const p = await ok<Profile>(save({ name: 'MQTT plain', transportType: 'MQTT' }));
    expect(p).toMatchObject({
      type: 'DEFAULT',
      transportType: 'MQTT',
      provisionType: 'DISABLED',
      provisionDeviceKey: null,
    });
    expect(p.profileData.transportConfiguration).toEqual({
      type: 'MQTT',
      deviceTelemetryTopic: 'v1/devices/me/telemetry',
      deviceAttributesTopic: 'v1/devices/me/attributes',
      deviceDownlinkTopic: 'v1/devices/me/downlink',
      transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
    });
    const coap = await ok<Profile>(save({ name: 'CoAP plain', transportType: 'COAP' }));
    expect(coap.profileData.transportConfiguration).toEqual({
      type: 'COAP',
      coapDeviceTypeConfiguration: {
        coapDeviceType: 'DEFAULT',
        transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
      },
    });
  });

  it('offers the sample proto schemas when PROTOBUF is chosen without schemas, and checks given ones', async () => {
    const p = await ok<Profile>(
      save({
        name: 'Proto',
        transportType: 'MQTT',
        profileData: {
          transportConfiguration: {
            type: 'MQTT',
            deviceTelemetryTopic: 'v1/devices/+/telemetry',
            transportPayloadTypeConfiguration: { transportPayloadType: 'PROTOBUF' },
          },
        },
      }),
    );
    expect(p.profileData.transportConfiguration).toMatchObject({
      deviceTelemetryTopic: 'v1/devices/+/telemetry',
      transportPayloadTypeConfiguration: {
        transportPayloadType: 'PROTOBUF',
        deviceTelemetryProtoSchema: SAMPLE_PROTO_SCHEMAS.telemetry,
        deviceAttributesProtoSchema: SAMPLE_PROTO_SCHEMAS.attributes,
        deviceDownlinkProtoSchema: SAMPLE_PROTO_SCHEMAS.downlink,
      },
    });
    const bad = (schema: string) =>
      save({
        name: 'Bad proto',
        transportType: 'MQTT',
        profileData: {
          transportConfiguration: {
            type: 'MQTT',
            transportPayloadTypeConfiguration: { transportPayloadType: 'PROTOBUF', deviceTelemetryProtoSchema: schema },
          },
        },
      });
    expectError(
      await bad('syntax = "proto2"; message A { optional int32 x = 1; }'),
      400,
      31,
      '[Transport Configuration] invalid schema syntax: proto2 for telemetry proto schema provided! Only proto3 allowed!',
    );
    expectError(
      await bad('syntax = "proto3"; message A { required int32 x = 1; }'),
      400,
      31,
      '[Transport Configuration] invalid telemetry proto schema provided! Required labels are not supported!',
    );
    expectError(
      await bad('syntax = "proto3"; import "other.proto"; message A { int32 x = 1; }'),
      400,
      31,
      "[Transport Configuration] invalid telemetry proto schema provided! Schema imports don't support!",
    );
    expectError(
      await bad('syntax = "proto3"; enum E { A = 0; }'),
      400,
      31,
      /At least one Message definition should exists!/,
    );
    expectError(await bad('syntax = "proto3"; message A { int32 x = 1; '), 400, 31, /unbalanced braces/);
    // A field may be called like a keyword; comments are ignored.
    await ok(
      bad('syntax = "proto3";\n// required import\nmessage A { string group = 1; /* option */ int32 reserved_x = 2; }'),
    );
  });

  it('checks MQTT topic filters', async () => {
    const topic = (deviceTelemetryTopic: string) =>
      save({
        name: 'Topics',
        transportType: 'MQTT',
        profileData: { transportConfiguration: { type: 'MQTT', deviceTelemetryTopic } },
      });
    expectError(await topic('a/#/b'), 400, 31, /'#' must be the whole last level/);
    expectError(await topic('a/b+/c'), 400, 31, /'\+' must be a whole level/);
    expectError(await topic('   '), 400, 31, 'Telemetry topic filter should be specified!');
    expectError(
      await save({ name: 'T', transportType: 'MQTT', profileData: { transportConfiguration: { type: 'COAP' } } }),
      400,
      31,
      "Transport configuration type 'COAP' doesn't match the transport type 'MQTT'",
    );
    expectError(await save({ name: 'T', transportType: 'LWM2M' }), 400, 31, /Unsupported transport type 'LWM2M'/);
  });

  it('needs a provision key and secret when provisioning is on; keys are unique across the system', async () => {
    expectError(
      await save({ name: 'Prov', provisionType: 'ALLOW_CREATE_NEW_DEVICES' }),
      400,
      31,
      'Provision device key should be specified!',
    );
    expectError(
      await save({ name: 'Prov', provisionType: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceKey: 'key-1' }),
      400,
      31,
      'Provision device secret should be specified!',
    );
    const p = await ok<Profile>(
      save({
        name: 'Prov',
        provisionType: 'CHECK_PRE_PROVISIONED_DEVICES',
        profileData: {
          provisionConfiguration: {
            type: 'CHECK_PRE_PROVISIONED_DEVICES',
            provisionDeviceKey: 'key-1',
            provisionDeviceSecret: 's-1',
          },
        },
      }),
    );
    expect(p).toMatchObject({
      provisionType: 'CHECK_PRE_PROVISIONED_DEVICES',
      provisionDeviceKey: 'key-1',
      profileData: { provisionConfiguration: { type: 'CHECK_PRE_PROVISIONED_DEVICES', provisionDeviceSecret: 's-1' } },
    });
    expectError(
      await save(
        {
          name: 'Other prov',
          provisionType: 'ALLOW_CREATE_NEW_DEVICES',
          provisionDeviceKey: 'key-1',
          profileData: { provisionConfiguration: { provisionDeviceSecret: 'x' } },
        },
        w.tokens.other,
      ),
      400,
      31,
      'Device profile with such provision device key already exists!',
    );
    // Turning provisioning off drops the key and secret.
    const off = await ok<Profile>(save({ ...p, provisionType: 'DISABLED' }));
    expect(off.provisionDeviceKey).toBeNull();
    expect(off.profileData.provisionConfiguration).toEqual({ type: 'DISABLED', provisionDeviceSecret: null });
  });

  it('stores an image data URL up to 1 MB, the rule chain, the queue and the alarms as given', async () => {
    const alarms = [
      {
        id: 'a1',
        alarmType: 'High temperature',
        createRules: {
          CRITICAL: {
            condition: {
              condition: [
                {
                  key: { type: 'TIME_SERIES', key: 'temperature' },
                  valueType: 'NUMERIC',
                  predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 25 } },
                },
              ],
              spec: { type: 'DURATION', unit: 'MINUTES', value: 5 },
            },
            schedule: {
              type: 'SPECIFIC_TIME',
              timezone: 'Europe/Kyiv',
              daysOfWeek: [1, 2],
              startsOn: 79200000,
              endsOn: 21600000,
            },
          },
        },
      },
    ];
    const chain = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/ruleChain', { token: tok, body: { name: 'Profile chain' } }),
    );
    const chainRef = { entityType: 'RULE_CHAIN', id: chain.id.id };
    const p = await ok<Profile>(
      save({
        name: 'Pretty',
        description: 'With a picture',
        image: PNG,
        defaultRuleChainId: chainRef,
        defaultQueueName: 'HighPriority',
        profileData: { alarms },
      }),
    );
    expect(p).toMatchObject({
      image: PNG,
      description: 'With a picture',
      defaultRuleChainId: chainRef,
      defaultQueueName: 'HighPriority',
    });
    expect(p.profileData.alarms).toEqual(alarms);
    const info = await ok<{ image: string; name: string }>(
      t.request('GET', `/api/deviceProfileInfo/${p.id.id}`, { token: tok }),
    );
    expect(info).toEqual({ id: p.id, name: 'Pretty', image: PNG, type: 'DEFAULT', transportType: 'DEFAULT' });
    expectError(await save({ name: 'Img', image: 'https://example.com/x.png' }), 400, 31, /image data URL/);
    expectError(await save({ name: 'Img', image: 'data:text/html;base64,PGI+' }), 400, 31, /image data URL/);
    const big = `data:image/png;base64,${'A'.repeat(1024 * 1024)}`;
    expectError(await save({ name: 'Img', image: big }), 400, 31, 'Device profile image is too large: 1 MB at most');
    expectError(
      await save({ name: 'Alarms', profileData: { alarms: [{ alarmType: 'x' }, { alarmType: 'x' }] } }),
      400,
      31,
      `Can't create device profile with the same alarm rule types: "x"!`,
    );
    expectError(
      await save({ name: 'Alarms', profileData: { alarms: [{}] } }),
      400,
      31,
      'Alarm rule type should be specified!',
    );
    // Rules the engine could not evaluate are refused, naming the rule and what is wrong.
    const rule = alarms[0]!.createRules.CRITICAL;
    const withRule = (r: unknown, severity = 'MAJOR') => ({
      name: 'Alarms',
      profileData: { alarms: [{ id: 'a', alarmType: 'Hot', createRules: { [severity]: r } }] },
    });
    expectError(
      await save({ name: 'Alarms', profileData: { alarms: [{ id: 'a', alarmType: 'Hot', createRules: {} }] } }),
      400,
      31,
      'Alarm rule "Hot": at least one create alarm rule should be specified',
    );
    expectError(await save(withRule(rule, 'HUGE')), 400, 31, `Alarm rule "Hot": unknown severity 'HUGE'`);
    expectError(
      await save(withRule({ condition: { condition: [] } })),
      400,
      31,
      'Alarm rule "Hot", MAJOR condition: alarm rule condition should be specified',
    );
    const filter = rule.condition.condition[0]!;
    expectError(
      await save(withRule({ condition: { condition: [{ ...filter, key: { type: 'TIME_SERIES', key: '' } }] } })),
      400,
      31,
      'Alarm rule "Hot", MAJOR condition, key filter 1: key name should be specified',
    );
    expectError(
      await save(withRule({ ...rule, condition: { ...rule.condition, spec: { type: 'REPEATING', count: 0 } } })),
      400,
      31,
      'Alarm rule "Hot", MAJOR condition: repeating count must be a positive whole number',
    );
    expectError(
      await save(withRule({ ...rule, schedule: { ...rule.schedule, timezone: 'Mars/Olympus' } })),
      400,
      31,
      `Alarm rule "Hot", MAJOR condition: schedule timezone 'Mars/Olympus' is not valid`,
    );
  });

  it('needs a name unique in the tenant and a known profile type', async () => {
    expectError(await save({ name: ' ' }), 400, 31, 'Device profile name should be specified!');
    await ok(save({ name: 'Twice' }));
    expectError(await save({ name: 'Twice' }), 400, 31, 'Device profile with such name already exists!');
    await ok(save({ name: 'Twice' }, w.tokens.other));
    expectError(await save({ name: 'Typed', type: 'TOASTER' }), 400, 31, "Unsupported device profile type 'TOASTER'");
    const typed = await ok<Profile>(save({ name: 'Typed', type: 'MILESIGHT_VS121' }));
    expect(typed.type).toBe('MILESIGHT_VS121');
  });

  it('renaming renames the devices type; type and transport are fixed while devices use the profile', async () => {
    const p = await ok<Profile>(save({ name: 'Rename me' }));
    const d = await createDevice(t, tok, { name: 'Uses profile', deviceProfileId: p.id });
    expect(d.type).toBe('Rename me');
    await ok(save({ ...p, name: 'Renamed' }));
    expect((await ok<{ type: string }>(t.request('GET', `/api/device/${d.id.id}`, { token: tok }))).type).toBe(
      'Renamed',
    );
    expectError(
      await save({
        ...p,
        name: 'Renamed',
        transportType: 'MQTT',
        profileData: { ...p.profileData, transportConfiguration: null },
      }),
      400,
      31,
      "Can't change device profile transport type because devices referenced it!",
    );
    expectError(
      await save({ ...p, name: 'Renamed', type: 'LORIOT' }),
      400,
      31,
      "Can't change device profile type because devices referenced it!",
    );
  });
});
