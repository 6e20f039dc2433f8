/** Placeholder until the page lands (being written now). */
export function CustomerUsersPage() {
  return null;
}
