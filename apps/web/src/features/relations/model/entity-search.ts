import { ENTITY_SEARCH_LIMIT } from '../../../components/entity-autocomplete/entity-types';
import type { EntityOption } from '../../../components/entity-autocomplete/entity-autocomplete';
import type { EntityId, User } from '../../auth/auth-types';

/** What an entity row may be named by: devices/assets/views `name`, tenants/customers/dashboards `title`, users `email`. */
interface Named {
  id: EntityId;
  name?: string | null;
  title?: string | null;
  email?: string | null;
}

/**
 * How to find entities of a type by name for the signed-in user (spec 1-client §6: customer roles use
 * customer-scoped calls): either a paged list call with the server's prefix search, or one entity the
 * user may see, matched here.
 */
export type EntitySearchPlan = { kind: 'page'; path: string } | { kind: 'single'; path: string } | { kind: 'none' };

type Caller = Pick<User, 'authority' | 'tenantId' | 'customerId'>;

const isCustomerRole = (caller: Caller) =>
  caller.authority === 'CUSTOMER_ADMIN' || caller.authority === 'CUSTOMER_USER';

function paged(path: string, text: string, sortProperty: string): EntitySearchPlan {
  const params = new URLSearchParams({ pageSize: String(ENTITY_SEARCH_LIMIT), page: '0' });
  if (text) params.set('textSearch', text);
  params.set('sortProperty', sortProperty);
  params.set('sortOrder', 'ASC');
  return { kind: 'page', path: `${path}?${params.toString()}` };
}

export function entitySearchPlan(entityType: string, text: string, caller: Caller): EntitySearchPlan {
  const customer = isCustomerRole(caller);
  const own = (kind: string) => `/api/customer/${caller.customerId.id}/${kind}`;
  switch (entityType) {
    case 'DEVICE':
      return paged(customer ? own('devices') : '/api/tenant/devices', text, 'name');
    case 'ASSET':
      return paged(customer ? own('assets') : '/api/tenant/assets', text, 'name');
    case 'ENTITY_VIEW':
      return paged(customer ? own('entityViews') : '/api/tenant/entityViews', text, 'name');
    case 'DASHBOARD':
      return paged(customer ? own('dashboards') : '/api/tenant/dashboards', text, 'title');
    case 'USER':
      return caller.authority === 'SYS_ADMIN' ? { kind: 'none' } : paged('/api/users', text, 'email');
    case 'CUSTOMER':
      return customer
        ? { kind: 'single', path: `/api/customer/${caller.customerId.id}` }
        : paged('/api/customers', text, 'title');
    case 'TENANT':
      if (caller.authority === 'SYS_ADMIN') return paged('/api/tenants', text, 'title');
      return customer ? { kind: 'none' } : { kind: 'single', path: `/api/tenant/${caller.tenantId.id}` };
    default:
      return { kind: 'none' };
  }
}

export function entityName(entity: Named): string {
  return entity.name ?? entity.title ?? entity.email ?? '';
}

export function toEntityOption(entity: Named): EntityOption {
  return { id: { entityType: entity.id.entityType, id: entity.id.id }, name: entityName(entity) };
}

/** The one-entity answer passes when its name starts with the text, ignoring case (spec 1-client §5). */
export function matchesPrefix(name: string, text: string): boolean {
  return name.toLowerCase().startsWith(text.trim().toLowerCase());
}
