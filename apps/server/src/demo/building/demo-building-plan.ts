import type { BuildingLevel, LoadType } from '@sapo/common';

/**
 * The demo building (issue 19): a site with two buildings, their floors and zones, a main switchboard
 * and the meters and sensors of docs/building-model.md. Plain data: the installer creates it through
 * the ordinary services, and the history back-fill and the simulator compute each device's readings
 * from its `sim` entry, so what the pages show works the same for a user's own devices.
 */

export interface DemoAsset {
  name: string;
  level: BuildingLevel;
  /** Name of the containing asset. */
  parent?: string;
  /** Assigned to Customer A with everything in it. */
  customerA?: boolean;
}

/** How a device behaves: the load model of the back-fill and the simulator. */
export type DemoSim =
  | { kind: 'feeder'; peakKw: number; baseKw: number; pf: number; weekend: number; hvac?: boolean }
  | { kind: 'incomer'; standby?: boolean }
  | { kind: 'meter'; peakKw: number; baseKw: number; pf: number; weekend: number; hvac?: boolean }
  | { kind: 'mainMeter' }
  | { kind: 'water'; peakM3h: number; nightM3h: number }
  | { kind: 'people'; capacity: number }
  | { kind: 'air'; co2Peak: number }
  | { kind: 'leak' };

export interface DemoDevice {
  name: string;
  label: string;
  profile: string;
  parent: string;
  sim: DemoSim;
  attributes?: Record<string, string | number>;
}

export const DEMO_SITE = 'SAPO Campus';
export const DEMO_HQ = 'Headquarters';
export const DEMO_ANNEX = 'Annex';
export const DEMO_TIMEZONE = 'Asia/Taipei';

export const DEMO_ASSETS: readonly DemoAsset[] = [
  { name: DEMO_SITE, level: 'site' },
  { name: DEMO_HQ, level: 'building', parent: DEMO_SITE },
  { name: 'HQ 1F', level: 'floor', parent: DEMO_HQ },
  { name: 'HQ 2F', level: 'floor', parent: DEMO_HQ },
  { name: 'HQ 3F', level: 'floor', parent: DEMO_HQ },
  { name: 'HQ 1F Lobby', level: 'zone', parent: 'HQ 1F' },
  { name: 'HQ 1F Cafeteria', level: 'zone', parent: 'HQ 1F' },
  { name: 'HQ 2F Open Office', level: 'zone', parent: 'HQ 2F' },
  { name: 'HQ 3F Meeting Rooms', level: 'zone', parent: 'HQ 3F' },
  { name: 'HQ Main Switchboard', level: 'switchboard', parent: DEMO_HQ },
  { name: DEMO_ANNEX, level: 'building', parent: DEMO_SITE, customerA: true },
  { name: 'Annex 1F', level: 'floor', parent: DEMO_ANNEX, customerA: true },
  { name: 'Annex 2F', level: 'floor', parent: DEMO_ANNEX, customerA: true },
  { name: 'Annex 1F Workshop', level: 'zone', parent: 'Annex 1F', customerA: true },
  { name: 'Annex 2F Offices', level: 'zone', parent: 'Annex 2F', customerA: true },
];

const feeder = (
  name: string,
  label: string,
  loadType: LoadType,
  ratedCurrent: number,
  sim: Omit<Extract<DemoSim, { kind: 'feeder' }>, 'kind'>,
): DemoDevice => ({
  name,
  label,
  profile: 'Switchboard Feeder',
  parent: 'HQ Main Switchboard',
  sim: { kind: 'feeder', ...sim },
  attributes: { loadType, ratedCurrent },
});

export const DEMO_DEVICES: readonly DemoDevice[] = [
  {
    name: 'HQ Incomer 1',
    label: 'Incomer 1 (transformer)',
    profile: 'Switchboard Incomer',
    parent: 'HQ Main Switchboard',
    sim: { kind: 'incomer' },
    attributes: { ratedCurrent: 1600 },
  },
  {
    name: 'HQ Incomer 2',
    label: 'Incomer 2 (generator)',
    profile: 'Switchboard Incomer',
    parent: 'HQ Main Switchboard',
    sim: { kind: 'incomer', standby: true },
    attributes: { ratedCurrent: 1250 },
  },
  feeder('HQ Feeder HVAC', 'Chillers and AHUs', 'hvac', 400, {
    peakKw: 180,
    baseKw: 25,
    pf: 0.88,
    weekend: 0.2,
    hvac: true,
  }),
  feeder('HQ Feeder Lighting', 'Lighting', 'lighting', 160, { peakKw: 45, baseKw: 4, pf: 0.95, weekend: 0.1 }),
  feeder('HQ Feeder Lifts', 'Lifts', 'lifts', 250, { peakKw: 40, baseKw: 3, pf: 0.9, weekend: 0.15 }),
  feeder('HQ Feeder Small Power', 'Small power', 'plug', 250, { peakKw: 70, baseKw: 12, pf: 0.93, weekend: 0.25 }),
  feeder('HQ Feeder Kitchen', 'Cafeteria kitchen', 'kitchen', 160, { peakKw: 55, baseKw: 2, pf: 0.97, weekend: 0.05 }),
  {
    name: 'HQ Water Main',
    label: 'Water intake',
    profile: 'Water Meter',
    parent: DEMO_HQ,
    sim: { kind: 'water', peakM3h: 4, nightM3h: 0.05 },
  },
  {
    name: 'HQ Water Cafeteria',
    label: 'Cafeteria water',
    profile: 'Water Meter',
    parent: 'HQ 1F Cafeteria',
    sim: { kind: 'water', peakM3h: 1.2, nightM3h: 0.01 },
  },
  {
    name: 'HQ Entrance Counter',
    label: 'Main entrance',
    profile: 'People Counter',
    parent: 'HQ 1F Lobby',
    sim: { kind: 'people', capacity: 320 },
    attributes: { capacity: 320 },
  },
  {
    name: 'HQ Cafeteria Counter',
    label: 'Cafeteria door',
    profile: 'People Counter',
    parent: 'HQ 1F Cafeteria',
    sim: { kind: 'people', capacity: 120 },
    attributes: { capacity: 120 },
  },
  {
    name: 'HQ Lobby Air',
    label: 'Lobby air',
    profile: 'Air Quality Sensor',
    parent: 'HQ 1F Lobby',
    sim: { kind: 'air', co2Peak: 450 },
  },
  {
    name: 'HQ Cafeteria Air',
    label: 'Cafeteria air',
    profile: 'Air Quality Sensor',
    parent: 'HQ 1F Cafeteria',
    sim: { kind: 'air', co2Peak: 500 },
  },
  {
    name: 'HQ Open Office Air',
    label: 'Open office air',
    profile: 'Air Quality Sensor',
    parent: 'HQ 2F Open Office',
    sim: { kind: 'air', co2Peak: 520 },
  },
  {
    name: 'HQ Meeting Rooms Air',
    label: 'Meeting rooms air',
    profile: 'Air Quality Sensor',
    parent: 'HQ 3F Meeting Rooms',
    sim: { kind: 'air', co2Peak: 520 },
  },
  {
    name: 'HQ Plant Room Leak',
    label: 'Plant room floor',
    profile: 'Leak Sensor',
    parent: 'HQ 1F',
    sim: { kind: 'leak' },
  },
  {
    name: 'HQ Cafeteria Leak',
    label: 'Under the sinks',
    profile: 'Leak Sensor',
    parent: 'HQ 1F Cafeteria',
    sim: { kind: 'leak' },
  },
  {
    name: 'Annex Main Meter',
    label: 'Annex intake',
    profile: 'Energy Meter',
    parent: DEMO_ANNEX,
    sim: { kind: 'mainMeter' },
  },
  {
    name: 'Annex HVAC Meter',
    label: 'Annex HVAC',
    profile: 'Energy Meter',
    parent: DEMO_ANNEX,
    sim: { kind: 'meter', peakKw: 35, baseKw: 5, pf: 0.87, weekend: 0.2, hvac: true },
    attributes: { meterRole: 'sub', loadType: 'hvac' },
  },
  {
    name: 'Annex 1F Meter',
    label: 'Workshop power',
    profile: 'Energy Meter',
    parent: 'Annex 1F',
    sim: { kind: 'meter', peakKw: 28, baseKw: 2, pf: 0.9, weekend: 0.1 },
    attributes: { loadType: 'plug' },
  },
  {
    name: 'Annex 2F Meter',
    label: 'Offices lighting',
    profile: 'Energy Meter',
    parent: 'Annex 2F',
    sim: { kind: 'meter', peakKw: 12, baseKw: 1, pf: 0.95, weekend: 0.1 },
    attributes: { loadType: 'lighting' },
  },
  {
    name: 'Annex Water Main',
    label: 'Annex water intake',
    profile: 'Water Meter',
    parent: DEMO_ANNEX,
    sim: { kind: 'water', peakM3h: 1.5, nightM3h: 0.02 },
  },
  {
    name: 'Annex Entrance Counter',
    label: 'Annex entrance',
    profile: 'People Counter',
    parent: 'Annex 1F Workshop',
    sim: { kind: 'people', capacity: 60 },
    attributes: { capacity: 60 },
  },
  {
    name: 'Annex Workshop Air',
    label: 'Workshop air',
    profile: 'Air Quality Sensor',
    parent: 'Annex 1F Workshop',
    sim: { kind: 'air', co2Peak: 450 },
  },
  {
    name: 'Annex Offices Air',
    label: 'Offices air',
    profile: 'Air Quality Sensor',
    parent: 'Annex 2F Offices',
    sim: { kind: 'air', co2Peak: 480 },
  },
  {
    name: 'Annex Washroom Leak',
    label: 'Washroom floor',
    profile: 'Leak Sensor',
    parent: 'Annex 2F',
    sim: { kind: 'leak' },
  },
];

/** Devices inside an asset assigned to Customer A are assigned too. */
export function isCustomerADevice(d: DemoDevice): boolean {
  return DEMO_ASSETS.find((a) => a.name === d.parent)?.customerA === true;
}
