// A device profile's alarm definitions with the keys they read, worked out once per profile so the
// per-message path only parses the message and evaluates.
import type { KeyFilterPredicate } from '@sapo/common';
import type { AlarmRule, DeviceProfileAlarm } from '../../modules/alarms/model/alarm-rule-types.ts';

export interface CompiledProfile {
  profileId: string;
  alarms: DeviceProfileAlarm[];
  /** Time-series keys the device state keeps (conditions and `${key}` in details). */
  tsKeys: Set<string>;
  /** Device attribute keys the state keeps (conditions, details, CURRENT_DEVICE dynamic values). */
  attrKeys: Set<string>;
  /** Attribute names read from the device's customer / tenant (dynamic values, inherit). */
  customerKeys: Set<string>;
  tenantKeys: Set<string>;
  hasDuration: boolean;
}

function rulesOf(def: DeviceProfileAlarm): AlarmRule[] {
  const rules = Object.values(def.createRules ?? {}).filter((r): r is AlarmRule => !!r);
  if (def.clearRule) rules.push(def.clearRule);
  return rules;
}

function walkPredicate(p: KeyFilterPredicate | undefined, visit: (p: KeyFilterPredicate) => void): void {
  if (!p) return;
  visit(p);
  if (p.type === 'COMPLEX') for (const c of p.predicates ?? []) walkPredicate(c, visit);
}

export function compileProfile(profileId: string, alarms: DeviceProfileAlarm[]): CompiledProfile {
  const out: CompiledProfile = {
    profileId,
    alarms,
    tsKeys: new Set(),
    attrKeys: new Set(),
    customerKeys: new Set(),
    tenantKeys: new Set(),
    hasDuration: false,
  };
  for (const def of alarms) {
    for (const rule of rulesOf(def)) {
      if (rule.condition?.spec?.type === 'DURATION') out.hasDuration = true;
      for (const f of rule.condition?.condition ?? []) {
        if (f.key?.type === 'TIME_SERIES') out.tsKeys.add(f.key.key);
        else if (f.key?.type === 'ATTRIBUTE') out.attrKeys.add(f.key.key);
        walkPredicate(f.predicate, (p) => {
          if (p.type === 'COMPLEX') return;
          const dv = p.value?.dynamicValue;
          if (!dv?.sourceAttribute) return;
          const key = dv.sourceAttribute;
          if (dv.sourceType === 'CURRENT_DEVICE') {
            out.attrKeys.add(key);
            if (dv.inherit) {
              out.customerKeys.add(key);
              out.tenantKeys.add(key);
            }
          } else if (dv.sourceType === 'CURRENT_CUSTOMER') {
            out.customerKeys.add(key);
            if (dv.inherit) out.tenantKeys.add(key);
          } else if (dv.sourceType === 'CURRENT_TENANT') out.tenantKeys.add(key);
        });
      }
      // `${key}` in details may name any time-series or attribute key.
      for (const m of (rule.alarmDetails ?? '').matchAll(/\$\{([^}]+)\}/g)) {
        const k = (m[1] ?? '').trim();
        if (!k) continue;
        out.tsKeys.add(k);
        out.attrKeys.add(k);
      }
    }
  }
  return out;
}
