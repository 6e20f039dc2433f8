import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useReloadEntitySubtypes } from '../../components/entity-subtype';
import type { ApiClient } from '../../lib/api-client';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { ownerListPath, type OwnerScope } from '../assets/model/owner-scope';
import { useAuth } from '../auth/auth-provider';
import type { EntityViewInfo } from './entity-view-types';
import { targetLookupPaths, withTargetNames } from './model/target-names';

/** Fills in the target names of a page of views; a failed lookup leaves names empty, quietly. */
async function named(client: ApiClient, views: EntityViewInfo[], signal?: AbortSignal): Promise<EntityViewInfo[]> {
  const found = await Promise.all(
    targetLookupPaths(views).map((path) =>
      client
        .get<{ id: { id: string }; name: string }[]>(path, { signal, ignoreErrors: true, ignoreLoading: true })
        .catch(() => []),
    ),
  );
  return withTargetNames(views, found.flat());
}

/** Page fetcher of the entity views table and its CSV export, with target names. */
export function useEntityViewPages(scope: OwnerScope, type: string) {
  const { client } = useAuth();
  return useCallback(
    async (link: PageLink, signal: AbortSignal): Promise<PageData<EntityViewInfo>> => {
      const path = withPageLink(ownerListPath(scope, 'entityViewInfos', type), link);
      const page = await client.get<PageData<EntityViewInfo>>(path, { signal });
      return { ...page, data: await named(client, page.data, signal) };
    },
    [client, scope, type],
  );
}

/** GET /api/entityView/info/{id} with its target's name; the table row shows while it loads. */
export function useEntityView(id: string | undefined, placeholder?: EntityViewInfo) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.entityViews.detail(id ?? ''),
    queryFn: async ({ signal }) => {
      const view = await client.get<EntityViewInfo>(`/api/entityView/info/${id}`, { signal });
      const [withName] = await named(client, [view], signal);
      return withName ?? view;
    },
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

function useInvalidateEntityViews() {
  const queryClient = useQueryClient();
  const reloadTypes = useReloadEntitySubtypes();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.entityViews.all });
    await reloadTypes('ENTITY_VIEW');
  };
}

export function useSaveEntityView() {
  const { client } = useAuth();
  const invalidate = useInvalidateEntityViews();
  return useMutation({
    mutationFn: (body: unknown) => client.post<EntityViewInfo>('/api/entityView', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteEntityView() {
  const { client } = useAuth();
  const invalidate = useInvalidateEntityViews();
  return {
    remove: (id: string) => client.delete<unknown>(`/api/entityView/${id}`, { ignoreErrors: true }),
    invalidate,
  };
}
