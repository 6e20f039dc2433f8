import { useCallback } from 'react';
import type { EntitySearch } from '../../components/entity-autocomplete/entity-autocomplete';
import type { PageData } from '../../lib/page-link';
import { useAuth } from '../auth/auth-provider';
import { useCurrentUser } from '../auth/auth-queries';
import type { EntityId } from '../auth/auth-types';
import { entitySearchPlan, matchesPrefix, toEntityOption } from './model/entity-search';

type Row = { id: EntityId; name?: string | null; title?: string | null; email?: string | null };

/** The entity autocomplete's search for the signed-in user; failures show as "no matches", quietly. */
export function useEntitySearch(): EntitySearch {
  const { client } = useAuth();
  const { data: user } = useCurrentUser();
  return useCallback<EntitySearch>(
    async (entityType, text, signal) => {
      if (!user) return [];
      const plan = entitySearchPlan(entityType, text, user);
      const options = { signal, ignoreErrors: true, ignoreLoading: true };
      try {
        if (plan.kind === 'page') return (await client.get<PageData<Row>>(plan.path, options)).data.map(toEntityOption);
        if (plan.kind === 'single') {
          const option = toEntityOption(await client.get<Row>(plan.path, options));
          return matchesPrefix(option.name, text) ? [option] : [];
        }
      } catch (error) {
        if (signal.aborted) throw error;
      }
      return [];
    },
    [client, user],
  );
}
