import { DeviceProfilesScreen } from '../features/device-profiles/device-profiles-screen';

/** Spec 1-client §2.7 /deviceProfiles (TENANT_ADMIN, TENANT_USER): the tenant's device profiles. */
export function DeviceProfilesPage() {
  return <DeviceProfilesScreen />;
}
