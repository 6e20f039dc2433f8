/** Placeholder until the page lands (being written now). */
export function TenantsPage() {
  return null;
}
