/** Placeholder until start-up parameters land. */
export function StartupParams() {
  return null;
}
