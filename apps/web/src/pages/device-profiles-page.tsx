/** Placeholder until the page lands (being written now). */
export function DeviceProfilesPage() {
  return null;
}
