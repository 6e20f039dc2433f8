import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { SUBTYPE_PATHS, subtypeNames, type EntitySubtype, type SubtypeEntityType } from './subtype-model';

/** The client the subtype controls load with (components take it from the page: no feature imports). */
export type SubtypeClient = Pick<ApiClient, 'get'>;

/** The type names of one entity type, shared by every control on the page (one call, cached). */
export function useEntitySubtypes(client: SubtypeClient, entityType: SubtypeEntityType, enabled = true) {
  return useQuery({
    queryKey: queryKeys.entitySubtypes(entityType),
    queryFn: ({ signal }) =>
      client.get<EntitySubtype[]>(SUBTYPE_PATHS[entityType], { signal, ignoreLoading: true, ignoreErrors: true }),
    select: subtypeNames,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * Spec 1-client §4.3: the subtype caches reload after a device, asset or entity view is saved (a save
 * may bring a new type). Call the returned function from the save's success handler.
 */
export function useReloadEntitySubtypes() {
  const queryClient = useQueryClient();
  return useCallback(
    (entityType: SubtypeEntityType) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.entitySubtypes(entityType) }),
    [queryClient],
  );
}
