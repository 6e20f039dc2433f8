// Tells running device-profile nodes that a profile or a device changed, so their cached rules and
// device states are reloaded on the next message. Called by the device-profile and device services.
export type ProfileInvalidation =
  { kind: 'profile'; tenantId: string; profileId: string } | { kind: 'device'; tenantId: string; deviceId: string };

const listeners = new Set<(e: ProfileInvalidation) => void>();

/** The profile was updated or deleted (alarm rules may have changed). */
export function invalidateDeviceProfile(tenantId: string, profileId: string): void {
  notify({ kind: 'profile', tenantId, profileId: profileId.toLowerCase() });
}

/** The device was updated (profile, customer, name), reassigned or deleted. */
export function invalidateDevice(tenantId: string, deviceId: string): void {
  notify({ kind: 'device', tenantId, deviceId: deviceId.toLowerCase() });
}

function notify(e: ProfileInvalidation): void {
  for (const l of listeners) {
    try {
      l(e);
    } catch {
      // one node's failure must not stop the others from hearing it
    }
  }
}

/** Returns the unsubscribe function. */
export function onProfileInvalidation(listener: (e: ProfileInvalidation) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
