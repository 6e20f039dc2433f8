import type { AssetInfo as WireAssetInfo } from '@sapo/common';

/** GET /api/tenant/assetInfos rows and GET /api/asset/info/{id}: the wire shape from @sapo/common. */
export type AssetInfo = Omit<WireAssetInfo, 'additionalInfo'> & { additionalInfo: Record<string, unknown> | null };

/** The free-text description lives in additionalInfo (spec 1-client §3.4). */
export function descriptionOf(entity: { additionalInfo?: Record<string, unknown> | null }): string {
  const value = entity.additionalInfo?.description;
  return typeof value === 'string' ? value : '';
}
