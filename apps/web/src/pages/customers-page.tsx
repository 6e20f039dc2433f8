import { CustomersScreen } from '../features/customers/customers-screen';

/** Spec 1-client §2.7 /customers (TENANT_ADMIN): the tenant's customers. */
export function CustomersPage() {
  return <CustomersScreen />;
}
