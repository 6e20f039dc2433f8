import { useQuery } from '@tanstack/react-query';
import type { Authority, PageData } from '@sapo/common';
import type { ApiClient } from '../../lib/api-client';
import { withPageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { gatewayListPath, isGatewayDevice, type GatewayDevice } from './gateway-model';

export type GatewayClient = Pick<ApiClient, 'get' | 'post'>;

/** Devices are scanned in pages of this size, up to MAX_SCANNED, to find the gateways among them. */
const PAGE_SIZE = 1000;
const MAX_SCANNED = 10_000;

/**
 * The user's gateways by name. The list calls filter by type or profile, not by the gateway flag, so
 * the devices are read page by page (name order) and the flagged ones kept.
 */
export function useGateways(client: GatewayClient, authority: Authority | undefined, customerId: string | undefined) {
  const path = gatewayListPath(authority, customerId);
  return useQuery({
    queryKey: [...queryKeys.devices.gateways, path],
    queryFn: async ({ signal }) => {
      const gateways: GatewayDevice[] = [];
      if (!path) return gateways;
      for (let page = 0; page * PAGE_SIZE < MAX_SCANNED; page++) {
        const data = await client.get<PageData<GatewayDevice>>(
          withPageLink(path, { page, pageSize: PAGE_SIZE, sortProperty: 'name', sortOrder: 'ASC' }),
          { signal, ignoreLoading: true },
        );
        gateways.push(...data.data.filter(isGatewayDevice));
        if (!data.hasNext) break;
      }
      return gateways;
    },
    staleTime: 30_000,
  });
}
