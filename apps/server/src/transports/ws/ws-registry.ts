import { NULL_UUID } from '@sapo/common';
import { isCustomerRole, type Caller } from '../../modules/auth/caller.ts';
import type { AccessEvent } from '../../modules/access-events/access-events.ts';
import type { WsLimits } from '../../modules/tenant-profiles/ws-limits.ts';
import type { WsLimitKey } from '../../modules/tenant-profiles/tenant-profile-data.ts';

/** What the registry needs of an authenticated WebSocket session. */
export interface RegisteredSession {
  readonly caller: Caller;
  /** Its live subscriptions (v1, entity data, counts, alarms). */
  readonly subscriptionCount: number;
  /** Its sign-in session may have ended: check the token again. */
  sessionsChanged(): void;
  /** An entity of its tenant changed owner or was deleted: re-check the subscriptions that show it. */
  entityChanged(entityId: string): void;
}

interface Group {
  key: string;
  sessions: WsLimitKey;
  subscriptions: WsLimitKey;
  /** ThingsBoard's close reasons, word for word (reference security §2.2). */
  sessionsReason: string;
  subscriptionsReason: string;
}

/**
 * The counting groups of a caller, in ThingsBoard's order of checks. Unlike ThingsBoard 3.2, which
 * counts users only for customer users, every signed-in user is a "regular user" here: the flood
 * that motivated these limits came from one user of any role (issue 18, defect 7). All anonymous
 * visitors of a tenant's public dashboards share its Public customer: that is the "public user".
 */
function groupsOf(c: Caller): Group[] {
  const groups: Group[] = [];
  if (c.tenantId !== NULL_UUID) {
    groups.push({
      key: `tenant:${c.tenantId}`,
      sessions: 'maxWsSessionsPerTenant',
      subscriptions: 'maxWsSubscriptionsPerTenant',
      sessionsReason: 'Max tenant sessions limit reached!',
      subscriptionsReason: 'Max tenant subscriptions limit reached!',
    });
  }
  if (c.customerId !== NULL_UUID) {
    groups.push({
      key: `customer:${c.customerId}`,
      sessions: 'maxWsSessionsPerCustomer',
      subscriptions: 'maxWsSubscriptionsPerCustomer',
      sessionsReason: 'Max customer sessions limit reached',
      subscriptionsReason: 'Max customer subscriptions limit reached',
    });
  }
  groups.push(
    c.isPublic
      ? {
          key: `public:${c.customerId}`,
          sessions: 'maxWsSessionsPerPublicUser',
          subscriptions: 'maxWsSubscriptionsPerPublicUser',
          sessionsReason: 'Max public user sessions limit reached',
          subscriptionsReason: 'Max public user subscriptions limit reached',
        }
      : {
          key: `user:${c.userId}`,
          sessions: 'maxWsSessionsPerRegularUser',
          subscriptions: 'maxWsSubscriptionsPerRegularUser',
          sessionsReason: 'Max regular user sessions limit reached',
          subscriptionsReason: 'Max regular user subscriptions limit reached',
        },
  );
  return groups;
}

/**
 * The process's authenticated WebSocket sessions: counted per tenant, customer and user against the
 * tenant profile's limits, and told of access events (session ends, owner changes) that concern them.
 */
export class WsRegistry {
  private readonly members = new Map<RegisteredSession, Group[]>();
  private readonly byGroup = new Map<string, Set<RegisteredSession>>();
  /** Bumped by every sessions event: a session authenticating meanwhile checks its token again. */
  sessionsEpoch = 0;

  /** Adds a session, or returns the reason it may not open (the limits of the caller's tenant). */
  open(s: RegisteredSession, limits: WsLimits): string | null {
    const groups = groupsOf(s.caller);
    for (const g of groups) {
      const max = limits[g.sessions];
      if (max > 0 && (this.byGroup.get(g.key)?.size ?? 0) >= max) return g.sessionsReason;
    }
    this.members.set(s, groups);
    for (const g of groups) {
      let set = this.byGroup.get(g.key);
      if (!set) this.byGroup.set(g.key, (set = new Set()));
      set.add(s);
    }
    return null;
  }

  close(s: RegisteredSession): void {
    const groups = this.members.get(s);
    if (!groups) return;
    this.members.delete(s);
    for (const g of groups) {
      const set = this.byGroup.get(g.key);
      set?.delete(s);
      if (set?.size === 0) this.byGroup.delete(g.key);
    }
  }

  /** The reason one more subscription of `s` is refused, or null when it fits every group. */
  refusesSubscription(s: RegisteredSession, limits: WsLimits): string | null {
    for (const g of this.members.get(s) ?? []) {
      const max = limits[g.subscriptions];
      if (max <= 0) continue;
      let held = 0;
      for (const member of this.byGroup.get(g.key) ?? []) held += member.subscriptionCount;
      if (held >= max) return g.subscriptionsReason;
    }
    return null;
  }

  get size(): number {
    return this.members.size;
  }

  dispatch(ev: AccessEvent): void {
    if (ev.kind === 'sessions') {
      this.sessionsEpoch++;
      for (const s of [...this.members.keys()]) {
        const c = s.caller;
        const hit =
          c.sessionId === ev.sessionId ||
          (!c.isPublic && c.userId === ev.userId) ||
          c.customerId === ev.customerId ||
          c.tenantId === ev.tenantId;
        if (hit) s.sessionsChanged();
      }
      return;
    }
    // Tenant roles read every entity of their tenant, so only customer users and public visitors
    // can lose one; a deleted entity sends nothing more to anyone.
    const id = ev.entityId.toLowerCase();
    for (const s of [...(this.byGroup.get(`tenant:${ev.tenantId}`) ?? [])]) {
      if (isCustomerRole(s.caller)) s.entityChanged(id);
    }
  }
}
