/** Placeholder until the page lands (being written now). */
export function TenantUsersPage() {
  return null;
}
