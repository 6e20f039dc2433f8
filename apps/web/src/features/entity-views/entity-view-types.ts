import type { EntityId } from '../auth/auth-types';

export interface EntityViewKeys {
  timeseries: string[] | null;
  attributes: { cs: string[] | null; ss: string[] | null; sh: string[] | null } | null;
}

/** GET /api/tenant/entityViewInfos rows (ThingsBoard's EntityViewInfo) plus the target's name, looked up here. */
export interface EntityViewInfo {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  customerId: EntityId;
  /** The device or asset the view looks at. */
  entityId: EntityId;
  name: string;
  type: string;
  keys: EntityViewKeys | null;
  /** 0 = unbounded. */
  startTimeMs: number;
  endTimeMs: number;
  additionalInfo: Record<string, unknown> | null;
  customerTitle?: string | null;
  customerIsPublic?: boolean;
  /** Name of the target entity (not part of ThingsBoard's info: filled in by the client). */
  entityName?: string;
}
