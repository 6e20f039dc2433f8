/** Placeholder until the page lands (being written now). */
export function TenantProfilesPage() {
  return null;
}
