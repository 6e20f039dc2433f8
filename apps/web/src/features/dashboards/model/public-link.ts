/**
 * The link anonymous visitors open (spec 1-client §3): `/dashboard/{id}?publicId={publicCustomerId}` on
 * this server's origin, with the default ports 80 and 443 left out.
 */
export function publicDashboardLink(
  location: { protocol: string; hostname: string; port: string },
  dashboardId: string,
  publicCustomerId: string,
): string {
  const defaultPort =
    (location.protocol === 'https:' && location.port === '443') ||
    (location.protocol === 'http:' && location.port === '80');
  const port = location.port && !defaultPort ? `:${location.port}` : '';
  return `${location.protocol}//${location.hostname}${port}/dashboard/${dashboardId}?publicId=${publicCustomerId}`;
}

/** The Public customer among a dashboard's customers, when the dashboard is public. */
export function publicCustomerId(
  assigned: readonly { customerId: { id: string }; public: boolean }[] | null,
): string | undefined {
  return assigned?.find((c) => c.public)?.customerId.id;
}
