import { describe, expect, it } from 'vitest';
import { INVALID_DASHBOARD_FILE, parseImportFile, toExportFile } from './dashboard-file';
import { publicCustomerId, publicDashboardLink } from './public-link';

describe('dashboard files', () => {
  it('exports title and configuration in ThingsBoard’s shape, and imports it back', () => {
    const configuration = { widgets: { a: { typeAlias: 'basic_timeseries' } }, entityAliases: {} };
    const file = toExportFile({ title: 'Energy', configuration });
    expect(file).toEqual({ title: 'Energy', configuration, name: 'Energy' });
    expect(parseImportFile(JSON.stringify(file))).toEqual({ title: 'Energy', configuration });
  });

  it('drops ids, owner and assignments of a ThingsBoard file', () => {
    const tb = {
      id: { entityType: 'DASHBOARD', id: 'x' },
      tenantId: { entityType: 'TENANT', id: 'y' },
      assignedCustomers: [{ customerId: { id: 'z' }, title: 'C', public: false }],
      title: '  Chillers ',
      configuration: { states: {} },
    };
    expect(parseImportFile(JSON.stringify(tb))).toEqual({ title: 'Chillers', configuration: { states: {} } });
  });

  it('refuses what is not a dashboard', () => {
    for (const text of [
      'not json',
      '[]',
      'null',
      '{"title":"x"}',
      '{"configuration":{}}',
      '{"title":"","configuration":{}}',
      '{"title":"x","configuration":[]}',
    ]) {
      expect(() => parseImportFile(text), text).toThrow(INVALID_DASHBOARD_FILE);
    }
  });
});

describe('public links', () => {
  it('leaves out the default ports', () => {
    expect(publicDashboardLink({ protocol: 'https:', hostname: 'iot.example.com', port: '443' }, 'd1', 'p1')).toBe(
      'https://iot.example.com/dashboard/d1?publicId=p1',
    );
    expect(publicDashboardLink({ protocol: 'http:', hostname: 'iot.example.com', port: '80' }, 'd1', 'p1')).toBe(
      'http://iot.example.com/dashboard/d1?publicId=p1',
    );
    expect(publicDashboardLink({ protocol: 'http:', hostname: 'localhost', port: '8080' }, 'd1', 'p1')).toBe(
      'http://localhost:8080/dashboard/d1?publicId=p1',
    );
    expect(publicDashboardLink({ protocol: 'https:', hostname: 'h', port: '' }, 'd', 'p')).toBe(
      'https://h/dashboard/d?publicId=p',
    );
  });

  it('finds the Public customer', () => {
    const a = { customerId: { id: 'a' }, public: false };
    const p = { customerId: { id: 'p' }, public: true };
    expect(publicCustomerId([a, p])).toBe('p');
    expect(publicCustomerId([a])).toBeUndefined();
    expect(publicCustomerId(null)).toBeUndefined();
  });
});
