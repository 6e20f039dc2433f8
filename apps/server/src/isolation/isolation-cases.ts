import { type ParamRole, UnmappedParam, pathParamRole, queryParamRole } from './isolation-params.ts';
import { isForeign, ownEntity } from './isolation-model.ts';
import type { Actor, Entity, IsolationWorld, Kind } from './isolation-world.ts';
import { CUSTOMER_LISTS, sampleBody } from './isolation-bodies.ts';

/**
 * The cases of the matrix, generated from the OpenAPI document: every operation that takes an id,
 * for every actor, with each id slot in turn given every entity foreign to that actor.
 */
export interface Case {
  op: string;
  method: string;
  url: string;
  body: unknown;
  actor: Actor;
  /** The foreign entity the case aims at; undefined for a public visitor's write on its own. */
  target: Entity | undefined;
  /** deny: must be refused; filter: may answer, but reveal nothing foreign. */
  mode: 'deny' | 'filter';
}

interface OpenApiParam {
  name: string;
  in: string;
  required?: boolean;
}
interface OpenApiOp {
  parameters?: OpenApiParam[];
  requestBody?: { required?: boolean };
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOp>>;
}

/** Kinds a pair (entityType + entityId) is tried with. */
const PAIR_KINDS: readonly Kind[] = [
  'DEVICE',
  'ASSET',
  'ENTITY_VIEW',
  'CUSTOMER',
  'TENANT',
  'USER',
  'DASHBOARD',
  'ALARM',
  'RULE_CHAIN',
  'DEVICE_PROFILE',
];

interface Slot {
  name: string;
  where: 'path' | 'query';
  required: boolean;
  role: ParamRole;
}

/** An operation's parameters by role; throws UnmappedParam for one the matrix does not know. */
function slotsOf(path: string, op: OpenApiOp): { slots: Slot[]; skip?: string } {
  const slots: Slot[] = [];
  let skip: string | undefined;
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const role = p.in === 'path' ? pathParamRole(path, p.name) : queryParamRole(path, p.name, !!p.required);
    if (!role) continue;
    if (role.role === 'skip') skip ??= role.why;
    slots.push({ name: p.name, where: p.in, required: p.in === 'path' || !!p.required, role });
  }
  return { slots, skip };
}

const targets = (slot: Slot, w: IsolationWorld): Entity[] => {
  const r = slot.role;
  if (r.role === 'id') return w.entities.filter((e) => e.kind === r.kind);
  if (r.role === 'pair') return w.entities.filter((e) => PAIR_KINDS.includes(e.kind));
  if (r.role === 'deviceName') return w.entities.filter((e) => e.kind === 'DEVICE');
  if (r.role === 'name') return w.entities.filter((e) => e.kind === r.kind);
  if (r.role === 'filter') {
    if (r.kind === 'LIST_DEVICE') return w.entities.filter((e) => e.kind === 'DEVICE');
    if (r.kind === 'LIST_ASSET') return w.entities.filter((e) => e.kind === 'ASSET');
    if (r.kind === 'TENANT_FILTER') return w.entities.filter((e) => e.kind === 'TENANT');
    return w.entities.filter((e) => e.kind === r.kind);
  }
  return [];
};

const ownFor = (slot: Slot, w: IsolationWorld, actor: Actor): Entity | undefined => {
  const r = slot.role;
  if (r.role === 'id') return ownEntity(w, actor, r.kind);
  if (r.role === 'pair' || r.role === 'deviceName') return ownEntity(w, actor, 'DEVICE');
  if (r.role === 'name') return ownEntity(w, actor, r.kind);
  return undefined; // filters are left out unless aimed at
};

/** Builds the URL with `aimed` slot given `target` and the other id slots the actor's own entities. */
function buildUrl(path: string, slots: Slot[], values: Map<string, Entity | undefined>): string {
  const query: string[] = [];
  let url = path;
  const set = (slot: Slot, value: string) => {
    if (slot.where === 'path') url = url.replace(`{${slot.name}}`, encodeURIComponent(value));
    else query.push(`${slot.name}=${encodeURIComponent(value)}`);
  };
  for (const slot of slots) {
    const r = slot.role;
    const e = values.get(slot.name);
    if (r.role === 'value') set(slot, r.value);
    else if (r.role === 'id' || r.role === 'filter') {
      if (e) set(slot, e.id);
    } else if (r.role === 'pair') {
      if (!e) continue;
      set(slot, e.id);
      const typeSlot = slots.find((s) => s.name === r.typeParam);
      if (!typeSlot) throw new UnmappedParam(`${path}: '${slot.name}' has no type parameter '${r.typeParam}'`);
      set(typeSlot, e.kind);
    } else if ((r.role === 'deviceName' || r.role === 'name') && e) set(slot, e.name);
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}

/**
 * A customer user claiming an unassigned device of its own tenant with the device's secret is the
 * claiming feature, not a crossing; an anonymous visitor claims nothing.
 */
const claimable = (actor: Actor, slot: Slot, e: Entity) =>
  slot.role.role === 'deviceName' && actor.key !== 'pub' && e.tenant === actor.tenant && e.holder === null;

/**
 * Outside the actor's tenant, an entity held by customer A and one held by the tenant stand for all
 * (B's and the Public customer's take the same path there): fewer calls, same coverage. A public
 * visitor still meets the other tenant's Public customer.
 */
const redundant = (actor: Actor, e: Entity) =>
  e.tenant !== actor.tenant && (e.holder === 'B' || (e.holder === 'P' && actor.key !== 'pub'));

export interface Generated {
  cases: Case[];
  /** Operations with id parameters the matrix cannot call, with the written-down reason. */
  skipped: string[];
  /** Operations without any id parameter (covered by the forged-body cases if they take a body). */
  idless: string[];
}

export function generateCases(doc: OpenApiDoc, w: IsolationWorld): Generated {
  const cases: Case[] = [];
  const skipped: string[] = [];
  const idless: string[] = [];
  const actors = Object.values(w.actors);
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const name = `${method} ${path}`;
      const { slots, skip } = slotsOf(path, op);
      const aimable = slots.filter((s) => ['id', 'pair', 'deviceName', 'filter', 'name'].includes(s.role.role));
      if (skip !== undefined) {
        if (aimable.length && slots.some((s) => s.where === 'query' && s.role.role === 'skip'))
          throw new UnmappedParam(`${name}: give a value for its required query parameters (${skip})`);
        skipped.push(`${name} — ${skip}`);
        continue;
      }
      if (aimable.length === 0) {
        idless.push(name);
        continue;
      }
      for (const actor of actors) {
        const body = (forActor: Actor) => sampleBody(method, path, op, w, forActor);
        // Optional id parameters (one side of a relation query) are given only when aimed at.
        const owns = new Map(aimable.map((s) => [s.name, s.required ? ownFor(s, w, actor) : undefined] as const));
        const add = (target: Entity | undefined, values: Map<string, Entity | undefined>, mode: Case['mode']) =>
          cases.push({ op: name, method, url: buildUrl(path, slots, values), body: body(actor), actor, target, mode });
        if (actor.authority === null) {
          add(undefined, owns, 'deny');
          continue;
        }
        for (const slot of aimable) {
          for (const e of targets(slot, w)) {
            if (!isForeign(actor, e) || claimable(actor, slot, e) || redundant(actor, e)) continue;
            const values = new Map(owns);
            values.set(slot.name, e);
            add(e, values, slot.role.role === 'filter' || slot.role.role === 'name' ? 'filter' : 'deny');
          }
        }
        // A body listing customers: another tenant's or customer's customer must not be assigned.
        if (CUSTOMER_LISTS.test(path)) {
          for (const e of w.entities) {
            if (e.kind !== 'CUSTOMER' || !isForeign(actor, e) || redundant(actor, e)) continue;
            const url = buildUrl(path, slots, owns);
            cases.push({ op: `${name} [body]`, method, url, body: [e.id], actor, target: e, mode: 'deny' });
          }
        }
        // An anonymous visitor only reads: no call that changes anything, even on its own entities.
        if (actor.key === 'pub' && method !== 'GET') {
          const all = new Map(aimable.map((s) => [s.name, ownFor(s, w, actor)] as const));
          add(undefined, all, 'deny');
        }
      }
    }
  }
  return { cases, skipped, idless };
}
