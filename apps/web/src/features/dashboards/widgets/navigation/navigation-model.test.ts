import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../../../app/navigation/menu-model';
import { filterPlaces, filterTypeOf, gridColumns, menuPlaces, normalizePath } from './navigation-model';

describe('navigation places', () => {
  it("lists the role's menu pages without home, sub-pages included", () => {
    const customer = menuPlaces(buildMenu({ authority: 'CUSTOMER_USER' })).map((p) => p.path);
    expect(customer).toContain('/devices');
    expect(customer).not.toContain('/home');
    expect(customer).not.toContain('/ruleChains');
    const admin = menuPlaces(buildMenu({ authority: 'TENANT_ADMIN' })).map((p) => p.path);
    expect(admin).toContain('/white-labeling/login');
    expect(admin).not.toContain('/settings');
  });

  it('includes or excludes the listed paths', () => {
    const places = menuPlaces(buildMenu({ authority: 'CUSTOMER_USER' }));
    expect(filterPlaces(places, 'include', ['devices/', '/assets', '/ruleChains']).map((p) => p.path)).toEqual([
      '/assets',
      '/devices',
    ]);
    const excluded = filterPlaces(places, 'exclude', ['/devices']).map((p) => p.path);
    expect(excluded).not.toContain('/devices');
    expect(excluded).toContain('/assets');
    expect(filterPlaces(places, 'all', ['/devices'])).toHaveLength(places.length);
    expect(filterTypeOf('weird')).toBe('all');
  });

  it('keeps links inside the app', () => {
    expect(normalizePath('devices/')).toBe('/devices');
    expect(normalizePath('https://evil.example')).toBe('');
    expect(normalizePath('//evil.example')).toBe('');
    expect(normalizePath('javascript:alert(1)')).toBe('');
    expect(normalizePath('/')).toBe('/');
  });

  it('fits cards to the width', () => {
    expect(gridColumns(390)).toBe(3);
    expect(gridColumns(50)).toBe(1);
  });
});
