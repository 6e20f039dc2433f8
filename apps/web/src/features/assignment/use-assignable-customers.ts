import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { withPageLink, type PageData } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import { isPublicCustomer, type Customer } from '../customers/customer-types';

/** Customers matching typed text (prefix), by title; the Public customer is left out (use "make public"). */
export function useAssignableCustomers(text: string, enabled: boolean) {
  const { client } = useAuth();
  const [search, setSearch] = useState(text);
  // Spec §9: 150 ms of quiet before asking the server again.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: queryKeys.assignableCustomers(search),
    queryFn: ({ signal }) =>
      client.get<PageData<Customer>>(
        withPageLink('/api/customers', {
          page: 0,
          pageSize: 50,
          textSearch: search,
          sortProperty: 'title',
          sortOrder: 'ASC',
        }),
        { signal, ignoreLoading: true },
      ),
    select: (page) => page.data.filter((customer) => !isPublicCustomer(customer)),
    placeholderData: keepPreviousData,
    enabled,
  });
}
