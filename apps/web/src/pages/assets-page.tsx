/** Placeholder until the page lands (being written now). */
export function AssetsPage() {
  return null;
}
