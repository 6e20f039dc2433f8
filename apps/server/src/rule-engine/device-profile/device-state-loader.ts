// Builds a device's state on first use: its profile's rules (cached per profile), the current values
// of the keys the rules read, owner attributes for dynamic thresholds, and the alarms already active.
import { dict } from '@sapo/common';
import type { Primitive } from '../../modules/alarms/model/alarm-predicate.ts';
import type { RuleEngineServices } from '../rule-engine-types.ts';
import {
  findAttributeValues,
  findDeviceForProfileNode,
  findProfileAlarms,
} from '../lookups/action-device-profile.lookup.ts';
import { compileProfile, type CompiledProfile } from './profile-rules.ts';
import { DeviceState, toPrimitive, type OwnerValues } from './device-state.ts';

export class DeviceStateLoader {
  private readonly profiles = new Map<string, Promise<CompiledProfile>>();
  /** Keys already fetched per customer / tenant (values live in `owners`). */
  private readonly ownerKeys = new Map<string, Set<string>>();

  constructor(
    private readonly services: RuleEngineServices,
    private readonly tenantId: string,
    readonly owners: OwnerValues,
  ) {}

  forgetProfile(profileId: string): void {
    this.profiles.delete(profileId);
  }

  private profile(profileId: string): Promise<CompiledProfile> {
    let p = this.profiles.get(profileId);
    if (!p) {
      p = findProfileAlarms(this.services.db, this.tenantId, profileId).then((alarms) =>
        compileProfile(profileId, alarms),
      );
      p.catch(() => this.profiles.delete(profileId));
      this.profiles.set(profileId, p);
    }
    return p;
  }

  /** Null when the originator is not a device of this tenant. Rule states of `previous` carry over. */
  async load(deviceId: string, previous?: DeviceState): Promise<DeviceState | null> {
    const device = await findDeviceForProfileNode(this.services.db, this.tenantId, deviceId);
    if (!device) return null;
    const profile = await this.profile(device.profileId.toLowerCase());
    const customerId = device.customerId?.toLowerCase() ?? null;
    const state = new DeviceState(deviceId, this.tenantId, customerId, profile, this.owners);
    if (!state.hasRules) return state;

    // Rules name the fields: a rule asking for 'constructor' must find nothing, not Object's.
    state.snapshot.entityFields = Object.assign(dict<Primitive>(), {
      name: device.name,
      type: device.type,
      createdTime: device.createdTime,
      ...(device.label ? { label: device.label } : {}),
    });
    const [latest, attrs, , active] = await Promise.all([
      profile.tsKeys.size ? this.services.telemetry.latest(deviceId, [...profile.tsKeys]) : Promise.resolve([]),
      findAttributeValues(this.services.db, [deviceId], [...profile.attrKeys]),
      this.loadOwners([
        [customerId, profile.customerKeys],
        [this.tenantId, profile.tenantKeys],
      ]),
      Promise.all(
        profile.alarms.map((def) =>
          this.services.alarms.findActive(this.tenantId, { entityType: 'DEVICE', id: deviceId }, def.alarmType),
        ),
      ),
    ]);
    for (const e of latest) {
      const v = toPrimitive(e.value);
      if (v !== undefined) state.snapshot.timeseries[e.key] = v;
    }
    for (const [k, v] of attrs.get(deviceId.toLowerCase()) ?? []) {
      const p = toPrimitive(v);
      if (p !== undefined) state.snapshot.attributes[k] = p;
    }
    profile.alarms.forEach((def, i) => {
      const rules = previous?.alarmStates.get(def.id)?.rules ?? {};
      const alarm = active[i];
      state.alarmStates.set(def.id, {
        rules: { ...rules },
        current: alarm ? { severity: alarm.severity, startTs: alarm.startTs } : null,
      });
    });
    return state;
  }

  private async loadOwners(wanted: [string | null, Set<string>][]): Promise<void> {
    const ids: string[] = [];
    const keys = new Set<string>();
    for (const [id, need] of wanted) {
      if (!id || !need.size) continue;
      const have = this.ownerKeys.get(id) ?? new Set<string>();
      const missing = [...need].filter((k) => !have.has(k));
      if (!missing.length) continue;
      ids.push(id);
      for (const k of missing) keys.add(k);
    }
    if (!ids.length) return;
    const found = await findAttributeValues(this.services.db, ids, [...keys]);
    for (const id of ids) {
      const have = this.ownerKeys.get(id) ?? new Set<string>();
      this.ownerKeys.set(id, have);
      let values = this.owners.get(id);
      if (!values) this.owners.set(id, (values = new Map()));
      for (const k of keys) {
        have.add(k);
        const v = toPrimitive(found.get(id)?.get(k));
        if (v !== undefined) values.set(k, v);
      }
    }
  }

  /** A customer's or tenant's attribute changed (bus): keep cached dynamic values fresh. */
  ownerAttributeChanged(entityId: string, key: string, value: unknown): void {
    if (!this.ownerKeys.get(entityId)?.has(key)) return;
    const v = toPrimitive(value);
    const values = this.owners.get(entityId);
    if (!values) return;
    if (v === undefined) values.delete(key);
    else values.set(key, v);
  }
}
