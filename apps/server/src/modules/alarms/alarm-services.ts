import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { EntityQueryService } from '../entity-query/entity-query.service.ts';
import type { Bus } from '../telemetry/bus.ts';
import { AlarmCore } from './alarm-core.ts';
import { AlarmListRepository } from './alarm-list.repository.ts';
import { AlarmRepository } from './alarm.repository.ts';
import { AlarmService } from './alarm.service.ts';

export interface AlarmServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  entityAccess: EntityAccess;
  entityQuery: EntityQueryService;
}

/** `alarms`: the caller-checked REST service; `alarmOps`: the trusted writer the rule engine uses. */
export function createAlarmServices(d: AlarmServiceDeps) {
  const repo = new AlarmRepository();
  const alarmOps = new AlarmCore(d.db, repo, d.clock, d.bus);
  const alarms = new AlarmService(
    d.db,
    repo,
    new AlarmListRepository(),
    alarmOps,
    d.entityAccess,
    d.entityQuery,
    d.audit,
    d.clock,
  );
  return { alarms, alarmOps };
}
