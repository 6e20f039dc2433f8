import { classifyDevice, type DeviceClass, type DeviceFacts } from './classify-device.ts';
import type { BuildingLevel, BuildingLocation } from './building-types.ts';

/** Asset types (case-insensitive) that make an asset a level of the hierarchy. */
const LEVEL_ALIASES: Readonly<Record<BuildingLevel, readonly string[]>> = {
  site: ['site', 'campus'],
  building: ['building'],
  floor: ['floor', 'storey', 'level'],
  zone: ['zone', 'room', 'space', 'area'],
  switchboard: ['switchboard', 'main switchboard', 'distribution board', 'panel board'],
};
const LEVEL_INDEX = new Map<string, BuildingLevel>(
  Object.entries(LEVEL_ALIASES).flatMap(([level, names]) => names.map((n) => [n, level as BuildingLevel] as const)),
);
/** Which levels may contain which (a zone straight in a building, a switchboard in a floor: both fine). */
const RANK: Readonly<Record<BuildingLevel, number>> = { site: 0, building: 1, floor: 2, switchboard: 3, zone: 3 };

/** Every asset type of a level, normalised (lower case, single spaces): what the server filters assets by. */
export const BUILDING_ASSET_TYPES: readonly string[] = [...LEVEL_INDEX.keys()];

export function assetLevel(assetType: string): BuildingLevel | undefined {
  return LEVEL_INDEX.get(
    assetType
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' '),
  );
}

export interface HierarchyAsset {
  id: string;
  name: string;
  label: string | null;
  type: string;
}
export interface HierarchyDevice extends DeviceFacts {
  id: string;
  name: string;
  label: string | null;
}
/** A `Contains` relation (from → to); other relations are not part of the model. */
export interface ContainsRelation {
  fromId: string;
  toId: string;
}

export interface BuildingNode {
  id: string;
  name: string;
  label: string | null;
  level: BuildingLevel;
  children: BuildingNode[];
}

export interface BuildingDevice extends DeviceClass {
  id: string;
  name: string;
  label: string | null;
  profileName: string;
  /** The asset that contains the device directly. */
  parentId: string;
  location: BuildingLocation;
}

export interface BuildingModel {
  /** Top-level nodes (sites, and buildings that sit in no site), by name. */
  roots: BuildingNode[];
  /** Every classified device under some node, by name. */
  devices: BuildingDevice[];
}

const byName = <T extends { name: string; id: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The hierarchy from assets, devices and `Contains` relations: an asset's parent is the
 * highest-level asset that contains it and ranks above it (so a stray relation cannot make a cycle);
 * a device belongs to the lowest-level asset that contains it. Devices outside every node and
 * devices of no building kind are left out: the pages show only what the model places.
 */
export function buildBuildingModel(
  assets: readonly HierarchyAsset[],
  devices: readonly HierarchyDevice[],
  relations: readonly ContainsRelation[],
): BuildingModel {
  const nodes = new Map<string, BuildingNode>();
  for (const a of assets) {
    const level = assetLevel(a.type);
    if (level) nodes.set(a.id, { id: a.id, name: a.name, label: a.label, level, children: [] });
  }
  const parentOf = new Map<string, BuildingNode>();
  const deviceParent = new Map<string, BuildingNode>();
  const deviceIds = new Set(devices.map((d) => d.id));
  for (const r of relations) {
    const from = nodes.get(r.fromId);
    if (!from || r.fromId === r.toId) continue;
    const child = nodes.get(r.toId);
    if (child) {
      if (RANK[from.level] >= RANK[child.level]) continue;
      const cur = parentOf.get(child.id);
      if (!cur || RANK[from.level] > RANK[cur.level] || (RANK[from.level] === RANK[cur.level] && byName(from, cur) < 0))
        parentOf.set(child.id, from);
    } else if (deviceIds.has(r.toId)) {
      const cur = deviceParent.get(r.toId);
      if (!cur || RANK[from.level] > RANK[cur.level] || (RANK[from.level] === RANK[cur.level] && byName(from, cur) < 0))
        deviceParent.set(r.toId, from);
    }
  }
  const roots: BuildingNode[] = [];
  for (const n of nodes.values()) {
    const p = parentOf.get(n.id);
    if (p) p.children.push(n);
    else if (n.level === 'site' || n.level === 'building') roots.push(n);
    // A floor, zone or switchboard in no building belongs to nothing a page can show.
  }
  const sortTree = (list: BuildingNode[]) => {
    list.sort(byName);
    for (const n of list) sortTree(n.children);
  };
  sortTree(roots);

  // Locations of the nodes reachable from a root.
  const located = new Map<string, BuildingLocation>();
  const walk = (n: BuildingNode, above: BuildingLocation) => {
    const loc = { ...above, [`${n.level}Id`]: n.id } as BuildingLocation;
    located.set(n.id, loc);
    for (const c of n.children) walk(c, loc);
  };
  const none: BuildingLocation = { siteId: null, buildingId: null, floorId: null, zoneId: null, switchboardId: null };
  for (const r of roots) walk(r, none);

  const out: BuildingDevice[] = [];
  for (const d of devices) {
    const parent = deviceParent.get(d.id);
    const location = parent && located.get(parent.id);
    if (!parent || !location) continue;
    const cls = classifyDevice(d, parent.level === 'building' || parent.level === 'site');
    if (!cls) continue;
    out.push({
      ...cls,
      id: d.id,
      name: d.name,
      label: d.label,
      profileName: d.profileName,
      parentId: parent.id,
      location,
    });
  }
  return { roots, devices: out.sort(byName) };
}

/** The node with this id anywhere in the tree. */
export function findNode(roots: readonly BuildingNode[], id: string): BuildingNode | undefined {
  for (const r of roots) {
    if (r.id === id) return r;
    const hit = findNode(r.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** Devices under a node (any level), e.g. every device of a building. */
export function devicesUnder(model: BuildingModel, nodeId: string): BuildingDevice[] {
  return model.devices.filter((d) => Object.values(d.location).includes(nodeId));
}
