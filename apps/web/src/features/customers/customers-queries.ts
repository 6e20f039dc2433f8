import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { Customer } from './customer-types';

/** Page fetcher for the customers table: GET /api/customers (the caller's tenant). */
export function useCustomerPages() {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<Customer>>(withPageLink('/api/customers', link), { signal });
}

/** GET /api/customer/{id}; `placeholder` (the table row) shows at once while it loads. */
export function useCustomer(id: string | undefined, placeholder?: Customer) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.customers.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<Customer>(`/api/customer/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.customers.all });
    // Users pages show their customer's title, and a deleted customer takes its users along.
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
  };
}

/** POST /api/customer; the form shows the server's message itself. */
export function useSaveCustomer() {
  const { client } = useAuth();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: unknown) => client.post<Customer>('/api/customer', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomer() {
  const { client } = useAuth();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/customer/${id}`),
    onSuccess: invalidate,
  });
}
