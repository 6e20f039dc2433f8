import { NULL_UUID, type Authority } from '@sapo/common';
import { forbidden } from '../../lib/app-error.ts';

/** Who is calling, taken from the verified JWT only — never from a request body. */
export interface Caller {
  userId: string;
  email: string;
  authority: Authority;
  /** NULL_UUID for the system administrator. */
  tenantId: string;
  /** NULL_UUID unless a customer role. */
  customerId: string;
  isPublic: boolean;
  sessionId: string;
}

export function requireAuthority(caller: Caller, ...allowed: Authority[]): void {
  if (!allowed.includes(caller.authority)) throw forbidden();
}

/** An anonymous public-dashboard session only reads: it claims, acknowledges and changes nothing. */
export function requireNotPublic(caller: Caller): void {
  if (caller.isPublic) throw forbidden();
}

export const isSysAdmin = (c: Caller) => c.authority === 'SYS_ADMIN';
export const isTenantRole = (c: Caller) => c.authority === 'TENANT_ADMIN' || c.authority === 'TENANT_USER';
export const isCustomerRole = (c: Caller) => c.authority === 'CUSTOMER_ADMIN' || c.authority === 'CUSTOMER_USER';
export const hasCustomer = (c: Caller) => c.customerId !== NULL_UUID;
