import { useQueries } from '@tanstack/react-query';
import { useAuth } from '../../../auth/auth-provider';
import { entityInfoPath, recordName } from './model/entity-info-path';
import type { PickedEntity } from './model/alias-form';

/**
 * Names for stored alias entities that came without one (aliases keep ids only). An entity the user
 * may no longer read keeps its id as its label.
 */
export function useEntityNames(entities: readonly (PickedEntity | null)[]): Map<string, string> {
  const { client } = useAuth();
  const unnamed = entities.filter((e): e is PickedEntity => !!e && !e.name && !!entityInfoPath(e.entityType, e.id));
  const results = useQueries({
    queries: unnamed.map((e) => ({
      queryKey: ['dashboard-editor', 'entity-name', e.entityType, e.id],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        recordName(
          await client.get<unknown>(entityInfoPath(e.entityType, e.id) ?? '', {
            signal,
            ignoreErrors: true,
            ignoreLoading: true,
          }),
        ),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const names = new Map<string, string>();
  unnamed.forEach((e, i) => {
    const name = results[i]?.data;
    if (name) names.set(e.id, name);
  });
  return names;
}
