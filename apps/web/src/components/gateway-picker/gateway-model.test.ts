import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  gatewayEmptyKey,
  gatewayListPath,
  gatewayOptions,
  initialGateway,
  isGatewayDevice,
  newGatewayPayload,
  type GatewayDevice,
} from './gateway-model';

const gw = (name: string): GatewayDevice => ({
  id: { entityType: 'DEVICE', id: name },
  name,
  additionalInfo: { gateway: true },
});
const gateways = [gw('Factory GW'), gw('Field gateway'), gw('Office')];

describe('gateway picker', () => {
  it('lists gateways for tenant and customer roles, none for the system administrator', () => {
    expect(gatewayListPath('TENANT_ADMIN', NULL_UUID)).toBe('/api/tenant/deviceInfos');
    expect(gatewayListPath('TENANT_USER', NULL_UUID)).toBe('/api/tenant/deviceInfos');
    expect(gatewayListPath('CUSTOMER_USER', 'c1')).toBe('/api/customer/c1/deviceInfos');
    expect(gatewayListPath('CUSTOMER_ADMIN', NULL_UUID)).toBeNull();
    expect(gatewayListPath('SYS_ADMIN', NULL_UUID)).toBeNull();
    expect(gatewayListPath(undefined, undefined)).toBeNull();
  });

  it('knows a gateway by its additionalInfo flag', () => {
    expect(isGatewayDevice(gw('x'))).toBe(true);
    expect(isGatewayDevice({ id: { entityType: 'DEVICE', id: 'y' }, name: 'y', additionalInfo: null })).toBe(false);
  });

  it('preselects the gateway named like the device, else the first', () => {
    expect(initialGateway(gateways, 'Office')?.name).toBe('Office');
    expect(initialGateway(gateways, 'Unknown')?.name).toBe('Factory GW');
    expect(initialGateway([], 'Office')).toBeNull();
  });

  it('filters by prefix and offers to create a gateway with a new name', () => {
    expect(gatewayOptions(gateways, 'f', true)).toEqual([
      { kind: 'gateway', gateway: gateways[0] },
      { kind: 'gateway', gateway: gateways[1] },
      { kind: 'create', name: 'f' },
    ]);
    // The exact name exists: no create entry.
    expect(gatewayOptions(gateways, 'Office', true)).toEqual([{ kind: 'gateway', gateway: gateways[2] }]);
    expect(gatewayOptions(gateways, ' New GW ', false)).toEqual([]);
    expect(gatewayOptions(gateways, '', true)).toHaveLength(3);
  });

  it("says 'no gateway found' or 'no gateway matching'", () => {
    expect(gatewayEmptyKey('')).toBe('gateway.no-gateway-found');
    expect(gatewayEmptyKey('abc')).toBe('gateway.no-gateway-matching');
  });

  it("creates gateways of type 'Gateway' flagged as gateways", () => {
    expect(newGatewayPayload(' GW 1 ')).toEqual({ name: 'GW 1', type: 'Gateway', additionalInfo: { gateway: true } });
  });
});
