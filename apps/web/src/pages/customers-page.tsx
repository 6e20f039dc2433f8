/** Placeholder until the page lands (being written now). */
export function CustomersPage() {
  return null;
}
