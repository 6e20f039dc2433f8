// Component descriptors (/api/component[s]…) built from the node registry (spec 1-client §3.8).
import { createHash } from 'node:crypto';
import { COMPONENT_TYPES } from '@sapo/common';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { allNodeDefinitions, findNodeDefinition } from '../../rule-engine/node-registry.ts';
import type { RuleNodeDefinition } from '../../rule-engine/rule-engine-types.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';

/** A fixed namespace so descriptor ids stay the same across restarts and installations. */
const NAMESPACE = Buffer.from('5b0d7c1e9a4f4e6b8c2d3f1a7e9b0c4d', 'hex');
/** Descriptors are built in, not stored: they carry the date this server version defined them. */
const DESCRIPTORS_TIME = Date.UTC(2021, 0, 1);

/** RFC 4122 version-5 UUID of `name`. */
export function uuidV5(name: string, namespace: Buffer = NAMESPACE): string {
  const h = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function toDescriptor(d: RuleNodeDefinition) {
  return {
    id: { id: uuidV5(d.clazz) },
    createdTime: DESCRIPTORS_TIME,
    type: d.type,
    scope: 'TENANT' as const,
    name: d.name,
    clazz: d.clazz,
    configurationDescriptor: {
      nodeDefinition: {
        description: d.description,
        details: d.details,
        inEnabled: d.inEnabled,
        outEnabled: d.outEnabled,
        relationTypes: [...d.relationTypes],
        customRelations: d.customRelations,
        defaultConfiguration: d.defaultConfiguration,
        uiResources: [] as string[],
        configDirective: '',
        uiResourceLoadError: null,
        configurationFields: d.configurationFields,
      },
    },
    actions: null,
  };
}
export type ComponentDescriptor = ReturnType<typeof toDescriptor>;

const ORDER = new Map<string, number>(COMPONENT_TYPES.map((t, i) => [t, i]));

/** Display order of the spec (FILTER, ENRICHMENT, TRANSFORMATION, ACTION, EXTERNAL), then by name. */
export function sortDefinitions(defs: readonly RuleNodeDefinition[]): RuleNodeDefinition[] {
  return [...defs].sort(
    (a, b) => (ORDER.get(a.type) ?? 99) - (ORDER.get(b.type) ?? 99) || a.name.localeCompare(b.name),
  );
}

function parseTypes(raw: string): Set<string> {
  const types = raw
    .split(',')
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean);
  if (!types.length) throw badRequest("Parameter 'componentTypes' can't be empty!");
  for (const t of types) {
    if (!ORDER.has(t)) throw badRequest(`Unsupported component type '${t}'! Allowed: ${COMPONENT_TYPES.join(', ')}`);
  }
  return new Set(types);
}

export class ComponentsService {
  constructor(private readonly definitions: () => readonly RuleNodeDefinition[] = allNodeDefinitions) {}

  /** By a comma-separated list of types (one type for /api/components/{type}). */
  list(caller: Caller, componentTypes: string): ComponentDescriptor[] {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN');
    const types = parseTypes(componentTypes);
    return sortDefinitions(this.definitions().filter((d) => types.has(d.type))).map(toDescriptor);
  }

  get(caller: Caller, clazz: string): ComponentDescriptor {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN');
    const def =
      this.definitions === allNodeDefinitions
        ? findNodeDefinition(clazz)
        : this.definitions().find((d) => d.clazz === clazz);
    if (!def) throw notFound();
    return toDescriptor(def);
  }
}
