import { NULL_UUID, isCustomerAuthority, type Authority } from '@sapo/common';

/**
 * The gateway picker's rules (spec 1-client §2.8, §3.4, §4.3; 2-calls §4): gateways are devices with
 * additionalInfo.gateway true; a new one is a device of type 'Gateway' with that flag; the picker
 * preselects the gateway named like the device, else the first one; a system administrator sees none.
 */
export interface GatewayDevice {
  id: { entityType: string; id: string };
  name: string;
  type?: string;
  additionalInfo?: { gateway?: boolean; [key: string]: unknown } | null;
}

export const DEFAULT_GATEWAY_TYPE = 'Gateway';

export const isGatewayDevice = (device: GatewayDevice) => device.additionalInfo?.gateway === true;

/** The list call for the user's gateways, or null when the user may not list devices at all. */
export function gatewayListPath(authority: Authority | undefined, customerId: string | undefined): string | null {
  if (!authority || authority === 'SYS_ADMIN') return null;
  if (isCustomerAuthority(authority)) {
    return customerId && customerId !== NULL_UUID ? `/api/customer/${customerId}/deviceInfos` : null;
  }
  return '/api/tenant/deviceInfos';
}

/** The gateway named like `deviceName`, else the first one, else none. */
export function initialGateway(
  gateways: readonly GatewayDevice[],
  deviceName: string | undefined,
): GatewayDevice | null {
  return gateways.find((gateway) => gateway.name === deviceName) ?? gateways[0] ?? null;
}

export type GatewayOption = { kind: 'gateway'; gateway: GatewayDevice } | { kind: 'create'; name: string };

/**
 * Options for typed text: gateways whose name starts with it (case-insensitive), then a 'create new
 * gateway' entry when creating is allowed, something is typed and no gateway has exactly that name.
 */
export function gatewayOptions(gateways: readonly GatewayDevice[], text: string, canCreate: boolean): GatewayOption[] {
  const typed = text.trim();
  const prefix = typed.toLowerCase();
  const matches = gateways.filter((gateway) => gateway.name.toLowerCase().startsWith(prefix));
  const options: GatewayOption[] = matches.map((gateway) => ({ kind: 'gateway', gateway }));
  if (canCreate && typed && !gateways.some((gateway) => gateway.name === typed)) {
    options.push({ kind: 'create', name: typed });
  }
  return options;
}

/** The empty-state message key: nothing at all, or nothing for the typed text. */
export function gatewayEmptyKey(text: string): string {
  return text.trim() ? 'gateway.no-gateway-matching' : 'gateway.no-gateway-found';
}

/** POST /api/device body of a new gateway. */
export function newGatewayPayload(name: string) {
  return { name: name.trim(), type: DEFAULT_GATEWAY_TYPE, additionalInfo: { gateway: true } };
}
