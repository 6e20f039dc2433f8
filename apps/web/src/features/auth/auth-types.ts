import type { Authority } from '@sapo/common';

export interface EntityId {
  entityType: string;
  id: string;
}

/** GET /api/auth/user (ThingsBoard's User). Only the fields the client reads are typed. */
export interface User {
  id: EntityId;
  createdTime?: number;
  tenantId: EntityId;
  customerId: EntityId;
  email: string;
  authority: Authority;
  firstName?: string | null;
  lastName?: string | null;
  name?: string;
  additionalInfo?: Record<string, unknown> | null;
}

export interface LoginRequest {
  username: string;
  password: string;
}
