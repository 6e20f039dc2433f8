import type { EntityId } from '../auth/auth-types';

/** GET /api/tenant/assetInfos rows and GET /api/asset/info/{id} (ThingsBoard's AssetInfo). */
export interface AssetInfo {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  customerId: EntityId;
  name: string;
  type: string;
  label: string | null;
  additionalInfo: Record<string, unknown> | null;
  customerTitle?: string | null;
  customerIsPublic?: boolean;
}

/** The free-text description lives in additionalInfo (spec 1-client §3.4). */
export function descriptionOf(entity: { additionalInfo?: Record<string, unknown> | null }): string {
  const value = entity.additionalInfo?.description;
  return typeof value === 'string' ? value : '';
}
