import type { BuildingsAnswer } from '@sapo/common';

type Node = { id: string; name: string; label: string | null; level: string; children: unknown[] };
type Device = BuildingsAnswer['devices'][number];

export interface ScopeOption {
  id: string;
  name: string;
}

const label = (n: Node) => n.label || n.name;

/** Every building in the caller's model, wherever it sits (under a site or at the top). */
export function buildingOptions(roots: readonly unknown[]): ScopeOption[] {
  const out: ScopeOption[] = [];
  const walk = (nodes: readonly unknown[]) => {
    for (const n of nodes as Node[]) {
      if (n.level === 'building') out.push({ id: n.id, name: label(n) });
      else if (n.level === 'site') walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** The floors of one building. */
export function floorOptions(roots: readonly unknown[], buildingId: string): ScopeOption[] {
  const find = (nodes: readonly unknown[]): Node | undefined => {
    for (const n of nodes as Node[]) {
      if (n.id === buildingId) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const building = find(roots);
  return ((building?.children ?? []) as Node[])
    .filter((n) => n.level === 'floor')
    .map((n) => ({ id: n.id, name: label(n) }));
}

const isEnergy = (d: Device) => d.kind === 'energyMeter' || d.kind === 'breaker';
const isMain = (d: Device) => d.meterRole === 'main' || d.breakerRole === 'incomer';

/**
 * The meters whose live power is the load of the scope: the building's main meters (sub-meters would
 * count twice); on a floor, its meters. Falls back to every meter when a building has no main meter.
 */
export function liveMeters(devices: readonly Device[], buildingId: string, floorId: string | null): Device[] {
  const inScope = devices.filter(
    (d) => isEnergy(d) && d.location.buildingId === buildingId && (floorId === null || d.location.floorId === floorId),
  );
  if (floorId !== null) return inScope;
  const main = inScope.filter(isMain);
  return main.length > 0 ? main : inScope;
}
