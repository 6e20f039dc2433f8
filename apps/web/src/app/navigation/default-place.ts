/**
 * Where a user lands after signing in (spec 1-client §4.1): the page a forced logout interrupted,
 * else their default dashboard (full-screen or in-app), else home.
 */
export interface PlaceUser {
  authority: string;
  additionalInfo?: Record<string, unknown> | null;
}

export function defaultPlace(user: PlaceUser, redirectTo?: string | null): string {
  if (redirectTo && !redirectTo.startsWith('/login')) return redirectTo;
  const info = user.additionalInfo ?? {};
  const dashboardId = typeof info.defaultDashboardId === 'string' ? info.defaultDashboardId.trim() : '';
  // A system administrator has no dashboards (spec §6).
  if (dashboardId && user.authority !== 'SYS_ADMIN') {
    return info.defaultDashboardFullscreen === true ? `/dashboard/${dashboardId}` : `/dashboards/${dashboardId}`;
  }
  return '/home';
}
