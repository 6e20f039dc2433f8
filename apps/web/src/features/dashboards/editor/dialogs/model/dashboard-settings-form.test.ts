import { describe, expect, it } from 'vitest';
import { defaultDashboardSettings, defaultGridSettings } from '../../../model/dashboard-config';
import { buildSettingsValue, numberFields, validateSettings } from './dashboard-settings-form';

const numbers = (patch: Partial<ReturnType<typeof numberFields>> = {}) => ({
  ...numberFields(defaultGridSettings()),
  ...patch,
});

describe('dashboard settings form', () => {
  it('accepts the defaults', () => {
    expect(validateSettings('Plant', numbers())).toEqual({});
  });

  it('requires a title and keeps grid numbers in their ranges', () => {
    expect(
      validateSettings(' ', numbers({ columns: '9', marginH: '51', marginV: '-1', mobileRowHeight: '4' })),
    ).toEqual({
      title: 'dashboard.title-required',
      columns: 'dashboard.columns-range',
      marginH: 'dashboard.margin-range',
      marginV: 'dashboard.margin-range',
      mobileRowHeight: 'dashboard.mobile-row-height-range',
    });
    expect(validateSettings('x', numbers({ columns: '1000', marginH: '0', mobileRowHeight: '200' }))).toEqual({});
    expect(validateSettings('x', numbers({ columns: '12.5' })).columns).toBe('dashboard.columns-range');
  });

  it('writes numbers, keeps unknown fields and drops empty optional text', () => {
    const value = {
      title: ' Plant ',
      settings: { ...defaultDashboardSettings(), dashboardLogoUrl: ' ', dashboardCss: '.a{}', custom: 1 },
      gridSettings: { ...defaultGridSettings(), backgroundImageUrl: '' },
    };
    const out = buildSettingsValue(value, numbers({ columns: '48', marginH: '5', marginV: '0' }));
    expect(out.title).toBe('Plant');
    expect(out.gridSettings).toMatchObject({ columns: 48, margins: [5, 0], mobileRowHeight: 70 });
    expect(out.gridSettings).not.toHaveProperty('backgroundImageUrl');
    expect(out.settings).not.toHaveProperty('dashboardLogoUrl');
    expect(out.settings).toMatchObject({ dashboardCss: '.a{}', custom: 1 });
  });
});
