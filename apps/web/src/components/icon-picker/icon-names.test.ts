import { describe, expect, it } from 'vitest';
import {
  COMMON_ICONS,
  componentKey,
  componentToIconName,
  filterIconNames,
  iconNameKeys,
  isFilledIconExport,
} from './icon-names';

describe('icon names', () => {
  it('has the 40 common icons, each once', () => {
    expect(COMMON_ICONS).toHaveLength(40);
    expect(new Set(COMMON_ICONS).size).toBe(40);
  });

  it('lists filled icons only', () => {
    expect(isFilledIconExport('AcUnit')).toBe(true);
    expect(isFilledIconExport('AcUnitOutlined')).toBe(false);
    expect(isFilledIconExport('HomeTwoTone')).toBe(false);
    expect(isFilledIconExport('default')).toBe(false);
  });

  it('turns component names into ligature names', () => {
    expect(componentToIconName('BatteryChargingFull')).toBe('battery_charging_full');
    expect(componentToIconName('BatteryCharging20')).toBe('battery_charging_20');
    expect(componentToIconName('Rotate90DegreesCcw')).toBe('rotate_90_degrees_ccw');
    expect(componentToIconName('Wifi')).toBe('wifi');
  });

  it('finds the component of a ligature name, numbers spelled as MUI does', () => {
    const found = (name: string, component: string) => iconNameKeys(name).includes(componentKey(component));
    expect(found('battery_charging_full', 'BatteryChargingFull')).toBe(true);
    expect(found('battery_20', 'Battery20')).toBe(true);
    expect(found('3d_rotation', 'ThreeDRotation')).toBe(true);
    expect(found('360', 'ThreeSixty')).toBe(true);
    expect(found('20mp', 'TwentyZeroMp')).toBe(true);
    expect(found('60fps', 'SixtyFps')).toBe(true);
    expect(found('18mp', 'EighteenMp')).toBe(true);
    expect(found('home', 'Homework')).toBe(false);
  });

  it('searches names by substring, spaces matching underscores', () => {
    expect(filterIconNames(['battery_full', 'home', 'wifi'], 'Battery f')).toEqual(['battery_full']);
    expect(filterIconNames(['home', 'wifi'], '  ')).toEqual(['home', 'wifi']);
  });
});
