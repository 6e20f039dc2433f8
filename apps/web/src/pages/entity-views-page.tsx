/** Placeholder until the page lands (being written now). */
export function EntityViewsPage() {
  return null;
}
