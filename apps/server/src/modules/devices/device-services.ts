import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { DeviceProfileRepository } from '../device-profiles/device-profile.repository.ts';
import { DeviceProfilesService } from '../device-profiles/device-profiles.service.ts';
import { RelationRepository } from '../relations/relation.repository.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { DeviceAccess } from './device-access.ts';
import { DeviceAssignmentService } from './device-assignment.service.ts';
import { DeviceClaimService } from './device-claim.service.ts';
import { DeviceCredentialsRepository } from './device-credentials.repository.ts';
import { DeviceCredentialsService } from './device-credentials.service.ts';
import { DeviceRepository } from './device.repository.ts';
import { DeviceSearchService, type RootAccess } from './device-search.service.ts';
import { DevicesService } from './devices.service.ts';

export interface DeviceServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  customers: CustomerRepository;
  limits: TenantLimits;
  /** Checks the root entity of a device search (modules/entities EntityAccess). */
  entityAccess: RootAccess;
}

/** Wires device profiles, devices, their credentials, assignment, claiming and search. */
export function createDeviceServices({ db, clock, audit, customers, limits, entityAccess }: DeviceServiceDeps) {
  const deviceProfiles = new DeviceProfilesService(db, new DeviceProfileRepository(db), audit, clock);
  const repo = new DeviceRepository(db);
  const credentials = new DeviceCredentialsRepository(db);
  const access = new DeviceAccess(repo);
  const relations = new RelationRepository(db);
  return {
    deviceProfiles,
    devices: new DevicesService(db, repo, credentials, deviceProfiles, customers, access, limits, audit, clock),
    deviceCredentials: new DeviceCredentialsService(db, credentials, access, audit),
    deviceAssignment: new DeviceAssignmentService(db, repo, customers, access, audit, clock),
    deviceClaims: new DeviceClaimService(db, repo, audit, clock),
    deviceSearch: new DeviceSearchService(repo, (e, d, g) => relations.nextLevel(e, d, g), entityAccess),
  };
}
