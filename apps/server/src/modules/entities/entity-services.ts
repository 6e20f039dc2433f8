import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { AssetRepository } from '../assets/asset.repository.ts';
import { AssetsService } from '../assets/assets.service.ts';
import { AttributesRepository } from '../attributes/attributes.repository.ts';
import { AttributesService } from '../attributes/attributes.service.ts';
import { EntityViewRepository } from '../entity-views/entity-view.repository.ts';
import { EntityViewsService } from '../entity-views/entity-views.service.ts';
import { RelationRepository } from '../relations/relation.repository.ts';
import { RelationsService } from '../relations/relations.service.ts';
import { EntityAccess } from './entity-access.ts';
import { EntityNames } from './entity-names.ts';
import { EntitySchema } from './entity-tables.ts';

export interface EntityServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  customers: CustomerRepository;
  limits: TenantLimits;
}

/** Wires the cross-entity parts (access, names, relations, attributes) and assets and entity views. */
export function createEntityServices({ db, clock, audit, customers, limits }: EntityServiceDeps) {
  const schema = new EntitySchema(db);
  const entityAccess = new EntityAccess(db, schema);
  const entityNames = new EntityNames(db, schema);
  const relations = new RelationsService(db, new RelationRepository(db), entityAccess, entityNames, audit);
  const owned = { db, customers, relations, audit, clock };
  return {
    entityAccess,
    entityNames,
    relations,
    assets: new AssetsService({ ...owned, repo: new AssetRepository(db) }, limits),
    entityViews: new EntityViewsService({ ...owned, repo: new EntityViewRepository(db) }, entityAccess),
    attributes: new AttributesService(db, new AttributesRepository(db), entityAccess, audit, clock),
  };
}
