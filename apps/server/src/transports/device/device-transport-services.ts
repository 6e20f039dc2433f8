import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../../modules/audit-logs/audit.service.ts';
import { DeviceProvisionService } from '../../modules/device-provision/device-provision.service.ts';
import type { DeviceProfilesService } from '../../modules/device-profiles/device-profiles.service.ts';
import { DeviceStateRepository } from '../../modules/device-state/device-state.repository.ts';
import { DeviceStateService } from '../../modules/device-state/device-state.service.ts';
import type { DeviceClaimService } from '../../modules/devices/device-claim.service.ts';
import type { DeviceCredentialsService } from '../../modules/devices/device-credentials.service.ts';
import type { DevicesService } from '../../modules/devices/devices.service.ts';
import type { EntityAccess } from '../../modules/entities/entity-access.ts';
import { RpcService } from '../../modules/rpc/rpc.service.ts';
import type { AttributeStore } from '../../modules/telemetry/attribute-store.ts';
import type { Bus } from '../../modules/telemetry/bus.ts';
import type { TelemetryStore } from '../../modules/telemetry/telemetry-store.ts';
import { DeviceApiService } from './device-api.service.ts';
import { DeviceAuth } from './device-auth.ts';
import { DeviceAuthRepository } from './device-auth.repository.ts';
import { DeviceSessions } from './device-sessions.ts';

export interface DeviceTransportDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  telemetry: TelemetryStore;
  attributeStore: AttributeStore;
  audit: AuditService;
  entityAccess: EntityAccess;
  devices: DevicesService;
  deviceProfiles: DeviceProfilesService;
  deviceCredentials: DeviceCredentialsService;
  deviceClaims: DeviceClaimService;
}

/** Wires what the device transports share: authentication, sessions, activity, RPC and provisioning. */
export function createDeviceTransportServices(d: DeviceTransportDeps) {
  const deviceSessions = new DeviceSessions(d.bus);
  const rpc = new RpcService(d.entityAccess, d.audit, deviceSessions);
  deviceSessions.onRpcReady((deviceId) => rpc.deliverPending(deviceId));
  const deviceState = new DeviceStateService(d.attributeStore, new DeviceStateRepository(d.db), d.bus, d.clock);
  return {
    deviceSessions,
    rpc,
    deviceState,
    deviceAuth: new DeviceAuth(new DeviceAuthRepository(d.db), d.clock),
    deviceProvision: new DeviceProvisionService(
      d.db,
      d.deviceProfiles.repo,
      d.devices,
      d.deviceCredentials.repo,
      d.attributeStore,
      d.audit,
    ),
    deviceApi: new DeviceApiService({
      telemetry: d.telemetry,
      attributeStore: d.attributeStore,
      deviceClaims: d.deviceClaims,
      deviceState,
      rpc,
      clock: d.clock,
    }),
  };
}
