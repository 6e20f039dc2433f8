import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useReloadEntitySubtypes } from '../../components/entity-subtype';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import { useCurrentUser } from '../auth/auth-queries';
import type { AssetInfo } from './asset-types';
import { ownerListPath, ownerScope, type OwnerScope } from './model/owner-scope';

/** The signed-in user's scope on entity screens; undefined until the user has loaded. */
export function useOwnerScope(): OwnerScope | undefined {
  const { data: user } = useCurrentUser();
  return useMemo(() => (user ? ownerScope(user) : undefined), [user]);
}

/** Page fetcher of the assets table (and its CSV export): tenant or customer asset infos of one type. */
export function useAssetPages(scope: OwnerScope, type: string) {
  const { client } = useAuth();
  return useCallback(
    (link: PageLink, signal: AbortSignal) =>
      client.get<PageData<AssetInfo>>(withPageLink(ownerListPath(scope, 'assetInfos', type), link), { signal }),
    [client, scope, type],
  );
}

/** GET /api/asset/info/{id}; the table row shows at once while it loads. */
export function useAsset(id: string | undefined, placeholder?: AssetInfo) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.assets.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<AssetInfo>(`/api/asset/info/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

function useInvalidateAssets() {
  const queryClient = useQueryClient();
  const reloadTypes = useReloadEntitySubtypes();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.assets.all });
    // Spec 1-client §4.3: a save may bring a new asset type.
    await reloadTypes('ASSET');
  };
}

/** POST /api/asset; the dialog places the server's message itself. */
export function useSaveAsset() {
  const { client } = useAuth();
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: unknown) => client.post<AssetInfo>('/api/asset', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/asset/{id} without the client's own error toast (single and bulk deletes summarise). */
export function useDeleteAsset() {
  const { client } = useAuth();
  const invalidate = useInvalidateAssets();
  return {
    remove: (id: string) => client.delete<unknown>(`/api/asset/${id}`, { ignoreErrors: true }),
    invalidate,
  };
}
