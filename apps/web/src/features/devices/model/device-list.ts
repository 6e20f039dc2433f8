import { isCustomerAuthority, type Authority } from '@sapo/common';

/** The table's filter: one of a device profile or a device type (the list calls take either). */
export interface DeviceFilter {
  deviceProfileId?: string | undefined;
  type?: string | undefined;
}

export interface DeviceListScope {
  authority: Authority;
  customerId: string;
}

/**
 * The list call for the signed-in user (spec 1-client §6): tenant roles list the tenant's devices,
 * customer roles their customer's, each with the profile or type filter.
 */
export function deviceListPath(scope: DeviceListScope, filter: DeviceFilter): string {
  const base = isCustomerAuthority(scope.authority)
    ? `/api/customer/${scope.customerId}/deviceInfos`
    : '/api/tenant/deviceInfos';
  const params = new URLSearchParams();
  if (filter.deviceProfileId) params.set('deviceProfileId', filter.deviceProfileId);
  else if (filter.type) params.set('type', filter.type);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Choosing a profile clears the type and the other way round: the server filters by one of them. */
export function withProfileFilter(deviceProfileId: string | undefined): DeviceFilter {
  return deviceProfileId ? { deviceProfileId } : {};
}
export function withTypeFilter(type: string | undefined): DeviceFilter {
  return type ? { type } : {};
}
