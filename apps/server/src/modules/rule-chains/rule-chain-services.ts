// Construction of the rule-chain, component and event services (wired once in services.ts).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RuleChainSource } from '../../rule-engine/rule-engine-types.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import { EventRepository } from '../events/event.repository.ts';
import { EventWriter, type EventWriterOptions } from '../events/event-writer.ts';
import { EventsService } from '../events/events.service.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { ComponentsService } from './components.service.ts';
import { RuleChainRepository } from './rule-chain.repository.ts';
import { RuleChainsService } from './rule-chains.service.ts';

export function createRuleChainServices(d: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  limits: TenantLimits;
  entityAccess: EntityAccess;
  events?: Partial<EventWriterOptions>;
}) {
  const ruleChains = new RuleChainsService(d.db, new RuleChainRepository(d.db), d.limits, d.audit, d.clock);
  return {
    /** EventSink of the engine: queues debug/lifecycle events, written in batches. */
    events: new EventWriter(d.db, d.clock, d.events),
    eventQueries: new EventsService(d.db, new EventRepository(d.db), d.entityAccess),
    ruleChains,
    /** The engine reads chains here; `ruleChains.onChange(tenantId => …)` says when to reload. */
    ruleChainSource: ruleChains as RuleChainSource,
    ruleComponents: new ComponentsService(),
  };
}
