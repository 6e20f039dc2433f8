import { TenantProfilesScreen } from '../features/tenant-profiles/tenant-profiles-screen';

/** Spec 1-client §2.7 /tenantProfiles (SYS_ADMIN): tenant profiles and their limits. */
export function TenantProfilesPage() {
  return <TenantProfilesScreen />;
}
