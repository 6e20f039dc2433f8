import type { QueryClient } from '@tanstack/react-query';
import { isPublicQueryKey } from './public-query-keys';

/** Everything cached for the user who signed out, except the public sign-in data. */
export function clearSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isPublicQueryKey(query.queryKey) });
  queryClient.getMutationCache().clear();
}
