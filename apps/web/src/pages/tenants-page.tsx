import { TenantsScreen } from '../features/tenants/tenants-screen';

/** Spec 1-client §2.7 /tenants (SYS_ADMIN): the tenants of the system. */
export function TenantsPage() {
  return <TenantsScreen />;
}
