import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumb-model';

describe('breadcrumbs', () => {
  it('adds one crumb per route with breadcrumb data, linking to the accumulated path', () => {
    const crumbs = buildBreadcrumbs([
      { pathname: '/', handle: undefined },
      { pathname: '/', handle: { breadcrumb: { skip: true } } },
      { pathname: '/tenants', handle: { breadcrumb: { label: 'tenant.tenants', icon: 'supervisor_account' } } },
      { pathname: '/tenants/t1/users', handle: { breadcrumb: { label: 'user.users', icon: 'account_circle' } } },
    ]);
    expect(crumbs).toEqual([
      { label: 'tenant.tenants', icon: 'supervisor_account', path: '/tenants' },
      { label: 'user.users', icon: 'account_circle', path: '/tenants/t1/users' },
    ]);
  });

  it('defaults to the home label and icon', () => {
    expect(buildBreadcrumbs([{ pathname: '/home/', handle: { breadcrumb: {} } }])).toEqual([
      { label: 'home.home', icon: 'home', path: '/home' },
    ]);
  });

  it('uses a label the page provided for its path', () => {
    const crumbs = buildBreadcrumbs(
      [{ pathname: '/customers/c1/users', handle: { breadcrumb: { label: 'user.users' } } }],
      { '/customers/c1/users': 'Customer A: Users' },
    );
    expect(crumbs[0]?.text).toBe('Customer A: Users');
  });

  it('does not repeat a crumb for an index route on the same path', () => {
    const crumbs = buildBreadcrumbs([
      { pathname: '/tenants', handle: { breadcrumb: { label: 'tenant.tenants' } } },
      { pathname: '/tenants/', handle: { breadcrumb: { label: 'tenant.tenants' } } },
    ]);
    expect(crumbs).toHaveLength(1);
  });
});
