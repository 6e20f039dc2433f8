// action.TbAssignToCustomerNode / action.TbUnassignFromCustomerNode: (un)assign the originator
// (device, asset, entity view) to the customer named by a pattern. Trusted SQL: the node acts for
// the tenant that owns the chain. Customer ids are cached by name for `customerCacheExpiration` s.
import type { RuleNodeDefinition, RuleNodeInit, RuleNodeInstance, TbMsg } from '../rule-engine-types.ts';
import { invalidateDevice } from '../device-profile/invalidation.ts';
import {
  ASSIGNABLE_TABLES,
  findCustomerIdByTitle,
  findOrCreateCustomer,
  setEntityCustomer,
} from '../lookups/action-customer.lookup.ts';
import { processPattern } from './action-msg-pattern.ts';

function checkOriginator(msg: TbMsg): void {
  if (!ASSIGNABLE_TABLES[msg.originator.entityType]) {
    throw new Error(`Unsupported originator type '${msg.originator.entityType}'!`);
  }
}

function customerResolver(init: RuleNodeInit, create: boolean) {
  const c = init.configuration;
  const pattern = typeof c.customerNamePattern === 'string' ? c.customerNamePattern.trim() : '';
  if (!pattern) throw new Error('Customer name pattern is required');
  const ttlMs = Math.max(0, Number(c.customerCacheExpiration ?? 300)) * 1000;
  const cache = new Map<string, { id: string; until: number }>();
  return async (msg: TbMsg): Promise<string> => {
    const name = processPattern(pattern, msg);
    const now = init.services.clock.now();
    const hit = cache.get(name);
    if (hit && hit.until > now) return hit.id;
    const db = init.services.db;
    const id = create
      ? await findOrCreateCustomer(db, init.tenantId, name, now)
      : await findCustomerIdByTitle(db, init.tenantId, name);
    if (!id) throw new Error(`Customer with title '${name}' doesn't exist!`);
    if (ttlMs > 0) cache.set(name, { id, until: now + ttlMs });
    return id;
  };
}

async function assign(init: RuleNodeInit, msg: TbMsg, customerId: string | null): Promise<void> {
  const { entityType, id } = msg.originator;
  const ok = await setEntityCustomer(init.services.db, init.tenantId, entityType, id, customerId);
  if (!ok) throw new Error(`${entityType} with id '${id}' was not found`);
  if (entityType === 'DEVICE') invalidateDevice(init.tenantId, id); // the profile node's owner lookups
}

const ASSIGN_FIELDS = [
  {
    key: 'customerNamePattern',
    label: 'Customer name pattern',
    kind: 'text',
    required: true,
    helpText: 'Use ${metadataKey} for metadata values, $[dataKey] for message data.',
  },
  {
    key: 'customerCacheExpiration',
    label: 'Customers cache expiration time (sec)',
    kind: 'number',
    min: 0,
    required: true,
  },
] as const;

export const assignToCustomerNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.action.TbAssignToCustomerNode',
  type: 'ACTION',
  name: 'assign to customer',
  description: 'Assign Message Originator Entity to Customer',
  details:
    'Finds target Customer by customer name pattern and then assign Originator Entity to this customer. ' +
    "Will create new Customer if it doesn't exists and 'Create new Customer if not exists' is set to true.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { customerNamePattern: '', createCustomerIfNotExists: false, customerCacheExpiration: 300 },
  configurationFields: [
    ...ASSIGN_FIELDS,
    { key: 'createCustomerIfNotExists', label: 'Create new customer if not exists', kind: 'boolean' },
  ],
  create(init): RuleNodeInstance {
    const resolve = customerResolver(init, init.configuration.createCustomerIfNotExists === true);
    return {
      async onMsg(msg) {
        checkOriginator(msg);
        await assign(init, msg, await resolve(msg));
        return { relation: 'Success', msg };
      },
    };
  },
};

export const unassignFromCustomerNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.action.TbUnassignFromCustomerNode',
  type: 'ACTION',
  name: 'unassign from customer',
  description: 'Unassign Message Originator Entity from Customer',
  details:
    'Finds target Entity Customer by Customer name pattern and then unassign Originator Entity from this customer.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { customerNamePattern: '', customerCacheExpiration: 300 },
  configurationFields: [...ASSIGN_FIELDS],
  create(init): RuleNodeInstance {
    const resolve = customerResolver(init, false);
    return {
      async onMsg(msg) {
        checkOriginator(msg);
        // As ThingsBoard: the named customer must exist; the entity is then unassigned from whichever it has.
        await resolve(msg);
        await assign(init, msg, null);
        return { relation: 'Success', msg };
      },
    };
  },
};
