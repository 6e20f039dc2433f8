/** Placeholder until the page lands (being written now). */
export function DevicesPage() {
  return null;
}
