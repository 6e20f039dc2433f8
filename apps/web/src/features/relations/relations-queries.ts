import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { EntityId } from '../auth/auth-types';
import {
  relationDeletePath,
  relationInfoPath,
  type EntityRelationInfo,
  type RelationDirection,
  type relationPayload,
} from './model/relations';

/** GET /api/relations/info from or to one entity, with both ends' names. */
export function useRelations(entity: EntityId, direction: RelationDirection) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.relations.of(entity.entityType, entity.id, direction),
    queryFn: ({ signal }) => client.get<EntityRelationInfo[]>(relationInfoPath(entity, direction), { signal }),
  });
}

function useInvalidateRelations() {
  const queryClient = useQueryClient();
  // A relation shows on both of its ends, which may be open in two places: refresh them all.
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.relations.all });
}

/** POST /api/relation; the dialog shows the server's message itself. */
export function useSaveRelation() {
  const { client } = useAuth();
  const invalidate = useInvalidateRelations();
  return useMutation({
    mutationFn: (body: ReturnType<typeof relationPayload>) =>
      client.post<unknown>('/api/relation', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteRelation() {
  const { client } = useAuth();
  const invalidate = useInvalidateRelations();
  return useMutation({
    mutationFn: (relation: EntityRelationInfo) => client.delete<unknown>(relationDeletePath(relation)),
    onSuccess: invalidate,
  });
}
