import { NULL_UUID, type PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import type { AuditService, ActionType } from '../audit-logs/audit.service.ts';
import type { CustomerRepository, CustomerRow } from '../customers/customer.repository.ts';
import { findOrCreatePublicCustomer } from '../customers/public-customer.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';
import type { RelationSearchParameters } from '../relations/relation-query.ts';
import type { RelationsService } from '../relations/relations.service.ts';
import { isAllowed } from './entity-access.ts';
import type { OwnedEntityRepository, OwnedRow } from './owned-entity.repository.ts';

export const READERS = ['TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const;

export interface OwnedServiceDeps<Row extends OwnedRow> {
  db: Db;
  repo: OwnedEntityRepository<Row>;
  customers: CustomerRepository;
  relations: RelationsService;
  audit: AuditService;
  clock: Clock;
}

/** The ThingsBoard id object of an owner column (NULL_UUID when unassigned). */
export const customerRef = (id: string | null) => ({ entityType: 'CUSTOMER' as const, id: id ?? NULL_UUID });

/**
 * What assets and entity views share: reads scoped to the tenant or the caller's customer,
 * assignment to customers (and the tenant's Public customer), deletion with relations and
 * attributes, subtypes, and search by relation query. Another tenant's entity answers 403
 * (looked up by id, then checked — reference §2.3).
 */
export abstract class OwnedEntityService<Row extends OwnedRow, Dto extends object> {
  protected readonly db: Db;
  protected readonly repo: OwnedEntityRepository<Row>;
  protected readonly customers: CustomerRepository;
  protected readonly relations: RelationsService;
  protected readonly audit: AuditService;
  protected readonly clock: Clock;

  constructor(
    deps: OwnedServiceDeps<Row>,
    protected readonly entityType: 'ASSET' | 'ENTITY_VIEW',
    private readonly notAssignedMessage: string,
  ) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.customers = deps.customers;
    this.relations = deps.relations;
    this.audit = deps.audit;
    this.clock = deps.clock;
  }

  protected abstract toDto(row: Row): Dto;
  /** Removes what depends on the entity (besides relations and attributes) inside the delete transaction. */
  protected abstract deleteDependents(caller: Caller, q: Queryable, row: Row): Promise<void>;

  toInfo(row: Row) {
    return {
      ...this.toDto(row),
      customerTitle: row.customer_title ?? null,
      customerIsPublic: !!row.customer_is_public,
    };
  }

  /** An entity the caller may read: its tenant's, and for customer roles its customer's. */
  async readable(caller: Caller, id: string, q: Queryable = this.db): Promise<Row> {
    requireAuthority(caller, ...READERS);
    const row = await this.repo.findInfoById(id, q);
    if (!row) throw notFound();
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && row.customer_id !== caller.customerId) throw forbidden();
    return row;
  }

  /** The current row of an entity being updated: readable, and changeable by this caller (entity-access WRITE). */
  protected async writable(caller: Caller, id: string, q: Queryable): Promise<Row> {
    const row = await this.readable(caller, id, q);
    const owner = { id: row.id, tenantId: row.tenant_id, customerId: row.customer_id, authority: null };
    if (!isAllowed(caller, this.entityType, owner, 'WRITE')) throw forbidden();
    return row;
  }

  /** An administrator's entity of its own tenant (assign, unassign, delete). */
  private async managed(caller: Caller, id: string, q: Queryable): Promise<Row> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const row = await this.repo.findById(id, q);
    if (!row) throw notFound();
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    return row;
  }

  async get(caller: Caller, id: string) {
    return this.toDto(await this.readable(caller, id));
  }

  async getInfo(caller: Caller, id: string) {
    return this.toInfo(await this.readable(caller, id));
  }

  async listTenant(caller: Caller, type: string | undefined, link: PageLink, infos: boolean) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    const page = await this.repo.findPage({ tenantId: caller.tenantId, type: type || undefined }, link);
    return mapPage(page, (r) => (infos ? this.toInfo(r) : this.toDto(r)));
  }

  async listCustomer(caller: Caller, customerId: string, type: string | undefined, link: PageLink, infos: boolean) {
    requireAuthority(caller, ...READERS);
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    if (customer.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && caller.customerId !== customerId) throw forbidden();
    const filter = { tenantId: caller.tenantId, customerId, type: type || undefined };
    return mapPage(await this.repo.findPage(filter, link), (r) => (infos ? this.toInfo(r) : this.toDto(r)));
  }

  /** The entities among the ids the caller may read (others are left out, as ThingsBoard does). */
  async byIds(caller: Caller, ids: string[]) {
    requireAuthority(caller, ...READERS);
    const customerId = isCustomerRole(caller) ? caller.customerId : undefined;
    const rows = await this.repo.findByIds(caller.tenantId, customerId, ids);
    return rows.map((r) => this.toDto(r));
  }

  /** The tenant's entity of that name, or undefined. */
  async findByName(caller: Caller, name: string, q: Queryable = this.db) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    const row = await this.repo.findByName(caller.tenantId, name, q);
    return row ? this.toDto(row) : undefined;
  }

  async getByName(caller: Caller, name: string) {
    const found = await this.findByName(caller, name);
    if (!found) throw notFound();
    return found;
  }

  /** EntitySubtype list of the tenant, sorted by type (customer users see the tenant's types too). */
  async types(caller: Caller) {
    requireAuthority(caller, ...READERS);
    const tenantId = { entityType: 'TENANT' as const, id: caller.tenantId };
    return (await this.repo.types(caller.tenantId)).map((type) => ({ tenantId, entityType: this.entityType, type }));
  }

  async assign(caller: Caller, customerId: string, id: string) {
    return this.db.tx(async (q) => {
      const row = await this.managed(caller, id, q);
      const customer = await this.customers.findById(customerId, q);
      if (!customer) throw notFound();
      if (customer.tenant_id !== caller.tenantId) throw forbidden();
      return this.setCustomer(caller, q, row, customer);
    });
  }

  async unassign(caller: Caller, id: string) {
    return this.db.tx(async (q) => {
      const row = await this.managed(caller, id, q);
      if (!row.customer_id) throw badRequest(this.notAssignedMessage);
      const customer = await this.customers.findById(row.customer_id, q);
      await this.repo.setCustomer(q, row.id, null);
      await this.log(caller, q, row, 'UNASSIGNED_FROM_CUSTOMER', [row.id, row.customer_id, customer?.title ?? null]);
      return this.toDto({ ...row, customer_id: null });
    });
  }

  async makePublic(caller: Caller, id: string) {
    return this.db.tx(async (q) => {
      const row = await this.managed(caller, id, q);
      const customer = await findOrCreatePublicCustomer(q, caller.tenantId, this.clock.now());
      return this.setCustomer(caller, q, row, customer);
    });
  }

  async delete(caller: Caller, id: string) {
    await this.db.tx(async (q) => {
      const row = await this.managed(caller, id, q);
      await this.deleteDependents(caller, q, row);
      await deleteEntityRelations(q, this.entityType, row.id);
      await deleteEntityAttributes(q, this.entityType, row.id);
      await this.repo.delete(q, row.id);
      await this.log(caller, q, row, 'DELETED');
    });
  }

  /** Search by query: entities of the given subtypes related to a root the caller may read. */
  async findByQuery(
    caller: Caller,
    parameters: RelationSearchParameters,
    relationType: string | null | undefined,
    types: string[],
  ) {
    requireAuthority(caller, ...READERS);
    const ids = await this.relations.relatedIds(caller, parameters, relationType, this.entityType);
    if (ids.length === 0) return [];
    const customerId = isCustomerRole(caller) ? caller.customerId : undefined;
    const wanted = new Set(types);
    const rows = await this.repo.findByIds(caller.tenantId, customerId, ids);
    return rows.filter((r) => wanted.has(r.type)).map((r) => this.toDto(r));
  }

  private async setCustomer(caller: Caller, q: Queryable, row: Row, customer: CustomerRow) {
    await this.repo.setCustomer(q, row.id, customer.id);
    await this.log(caller, q, row, 'ASSIGNED_TO_CUSTOMER', [row.id, customer.id, customer.title]);
    return this.toDto({ ...row, customer_id: customer.id });
  }

  protected async log(caller: Caller, q: Queryable, row: Row, action: ActionType, data?: unknown) {
    await this.audit.log(
      { actor: caller, entityType: this.entityType, entityId: row.id, entityName: row.name, action, data },
      q,
    );
  }
}
