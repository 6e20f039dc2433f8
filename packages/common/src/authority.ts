/** Roles of spec 1-client §1; REFRESH_TOKEN is only ever a token scope. */
export const AUTHORITIES = ['SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const TENANT_AUTHORITIES: readonly Authority[] = ['TENANT_ADMIN', 'TENANT_USER'];
export const CUSTOMER_AUTHORITIES: readonly Authority[] = ['CUSTOMER_ADMIN', 'CUSTOMER_USER'];

export function isTenantAuthority(a: Authority): boolean {
  return TENANT_AUTHORITIES.includes(a);
}
export function isCustomerAuthority(a: Authority): boolean {
  return CUSTOMER_AUTHORITIES.includes(a);
}
