import { describe, expect, it } from 'vitest';
import { assetLevel, buildBuildingModel, devicesUnder, findNode, type HierarchyDevice } from './building-hierarchy.ts';

const asset = (id: string, type: string, name = id) => ({ id, name, label: null, type });
const device = (id: string, profileName: string, keys: string[] = []): HierarchyDevice => ({
  id,
  name: id,
  label: null,
  profileName,
  keys,
  attributes: {},
});
const rel = (fromId: string, toId: string) => ({ fromId, toId });

describe('assetLevel', () => {
  it('reads asset types case-insensitively with a few common synonyms', () => {
    expect(assetLevel('Building')).toBe('building');
    expect(assetLevel('floor')).toBe('floor');
    expect(assetLevel('Room')).toBe('zone');
    expect(assetLevel('distribution_board')).toBe('switchboard');
    expect(assetLevel('pump')).toBeUndefined();
  });
});

describe('buildBuildingModel', () => {
  const assets = [
    asset('site', 'site', 'Campus'),
    asset('b1', 'building', 'Tower B'),
    asset('b2', 'building', 'Annex A'),
    asset('f1', 'floor', '1F'),
    asset('z1', 'zone', 'Lobby'),
    asset('msb', 'switchboard', 'MSB'),
    asset('lonely', 'building', 'Lonely'),
    asset('stray-floor', 'floor'),
    asset('pump-room', 'pump'),
  ];
  const devices = [
    device('main', 'Energy Meter'),
    device('sub', 'Energy Meter'),
    device('inc', 'Switchboard Incomer'),
    device('fdr', 'Switchboard Feeder'),
    device('pc', 'People Counter'),
    device('thermo', 'default', ['temp']),
    device('nowhere', 'Energy Meter'),
    device('in-stray', 'Water Meter'),
  ];
  const relations = [
    rel('site', 'b1'),
    rel('site', 'b2'),
    rel('b1', 'f1'),
    rel('f1', 'z1'),
    rel('b1', 'msb'),
    rel('b1', 'main'),
    rel('f1', 'sub'),
    rel('b1', 'sub'), // also in the building: the lower level wins
    rel('msb', 'inc'),
    rel('msb', 'fdr'),
    rel('z1', 'pc'),
    rel('z1', 'thermo'),
    rel('z1', 'b1'), // a zone cannot contain its building: ignored, no cycle
    rel('stray-floor', 'in-stray'),
  ];
  const model = buildBuildingModel(assets, devices, relations);

  it('builds site → building → floor → zone through Contains, sorted by name', () => {
    expect(model.roots.map((r) => r.name)).toEqual(['Campus', 'Lonely']);
    const site = model.roots[0]!;
    expect(site.children.map((c) => c.name)).toEqual(['Annex A', 'Tower B']);
    const b1 = findNode(model.roots, 'b1')!;
    expect(b1.children.map((c) => `${c.level}:${c.name}`)).toEqual(['floor:1F', 'switchboard:MSB']);
    expect(findNode(model.roots, 'z1')?.level).toBe('zone');
    expect(findNode(model.roots, 'pump-room')).toBeUndefined();
  });

  it('places classified devices with their full location and leaves the rest out', () => {
    const byId = new Map(model.devices.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(['fdr', 'inc', 'main', 'pc', 'sub']);
    expect(byId.get('main')).toMatchObject({ meterRole: 'main', parentId: 'b1' });
    expect(byId.get('sub')).toMatchObject({
      meterRole: 'sub',
      parentId: 'f1',
      location: { siteId: 'site', buildingId: 'b1', floorId: 'f1', zoneId: null, switchboardId: null },
    });
    expect(byId.get('inc')).toMatchObject({
      breakerRole: 'incomer',
      location: { switchboardId: 'msb', buildingId: 'b1' },
    });
    expect(byId.get('pc')?.location).toEqual({
      siteId: 'site',
      buildingId: 'b1',
      floorId: 'f1',
      zoneId: 'z1',
      switchboardId: null,
    });
  });

  it('finds the devices under any node', () => {
    expect(
      devicesUnder(model, 'b1')
        .map((d) => d.id)
        .sort(),
    ).toEqual(['fdr', 'inc', 'main', 'pc', 'sub']);
    expect(
      devicesUnder(model, 'msb')
        .map((d) => d.id)
        .sort(),
    ).toEqual(['fdr', 'inc']);
    expect(devicesUnder(model, 'b2')).toEqual([]);
  });
});
