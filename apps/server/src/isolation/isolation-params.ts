import type { Kind } from './isolation-world.ts';

/**
 * What each parameter of the OpenAPI document names, so the matrix can put another owner's id in
 * it. A parameter this file does not know fails the matrix ("add a fixture for …"): coverage of a
 * new endpoint cannot shrink silently.
 */
export type ParamRole =
  /** An id of one entity kind; the call must refuse another owner's. */
  | { role: 'id'; kind: Kind }
  /** The id half of an (entityType, entityId) pair; `typeParam` names the other half. */
  | { role: 'pair'; typeParam: string }
  /** The type half of a pair, filled with its id. */
  | { role: 'pairType' }
  /** A device's name (claiming): another owner's device must not be claimable. */
  | { role: 'deviceName' }
  /** A name or alias a list or lookup is asked for: it may answer, but not with another owner's. */
  | { role: 'name'; kind: Kind }
  /** Ids that only filter a list of the caller's own entities: the call may answer, never reveal. */
  | { role: 'filter'; kind: Kind | 'LIST_DEVICE' | 'LIST_ASSET' | 'TENANT_FILTER' }
  /** Not an entity of a tenant: a fixed value. */
  | { role: 'value'; value: string }
  /** The call cannot take part: `why` is the reason, written down. */
  | { role: 'skip'; why: string };

/** Path words before a bare `{id}` and the kind they name. */
const ID_OWNER_WORDS: Record<string, Kind | 'TENANT_PROFILE'> = {
  user: 'USER',
  tenant: 'TENANT',
  tenantProfile: 'TENANT_PROFILE',
  tenantProfileInfo: 'TENANT_PROFILE',
  customer: 'CUSTOMER',
  asset: 'ASSET',
  entityView: 'ENTITY_VIEW',
  device: 'DEVICE',
  deviceProfile: 'DEVICE_PROFILE',
  deviceProfileInfo: 'DEVICE_PROFILE',
  ruleChain: 'RULE_CHAIN',
  ruleNode: 'RULE_NODE',
  widgetsBundle: 'WIDGETS_BUNDLE',
  widgetType: 'WIDGET_TYPE',
};
/** Words between the owner word and `{id}` (`/api/device/info/{id}`, `/api/device/name/{id}`). */
const QUALIFIERS = new Set(['info', 'name']);

const NAMED_IDS: Record<string, Kind> = {
  tenantId: 'TENANT',
  customerId: 'CUSTOMER',
  deviceId: 'DEVICE',
  assetId: 'ASSET',
  entityViewId: 'ENTITY_VIEW',
  dashboardId: 'DASHBOARD',
  alarmId: 'ALARM',
};

/** Values of parameters that name no tenant's entity. */
const PATH_VALUES: Record<string, string> = {
  ttl: '0',
  eventType: 'LC_EVENT',
};

export class UnmappedParam extends Error {}

const unmapped = (where: string, name: string) =>
  new UnmappedParam(`add a fixture for ${where} parameter '${name}' (isolation/isolation-params.ts)`);

export function pathParamRole(path: string, name: string): ParamRole {
  if (name === 'entityType') return { role: 'pairType' };
  if (name === 'entityId') return { role: 'pair', typeParam: 'entityType' };
  if (name === 'deviceName') return { role: 'deviceName' };
  if (name === 'scope') return { role: 'value', value: path.includes('/timeseries/') ? 'ANY' : 'SERVER_SCOPE' };
  if (name in PATH_VALUES) return { role: 'value', value: PATH_VALUES[name]! };
  if (name === 'token' || name === 'requestId')
    return { role: 'skip', why: 'the device API: its access token is the identity, no user session takes part' };
  if (name === 'componentType' || name === 'clazz')
    return { role: 'skip', why: 'rule-node component descriptors are the same for every tenant' };
  if (name === 'key') return { role: 'skip', why: 'admin settings are the system administrator’s alone' };
  if (name === 'domain') return { role: 'skip', why: 'login white-labelling is public by domain' };
  const named = NAMED_IDS[name];
  if (named) return { role: 'id', kind: named };
  if (name === 'id') {
    const words = path.split('/').filter((w) => w && !w.startsWith('{'));
    const before = path
      .slice(0, path.indexOf(`{${name}}`))
      .split('/')
      .filter(Boolean);
    while (before.length && QUALIFIERS.has(before[before.length - 1]!)) before.pop();
    const kind = ID_OWNER_WORDS[before[before.length - 1] ?? ''];
    if (kind === 'TENANT_PROFILE')
      return { role: 'skip', why: 'tenant profiles are system-wide; the system administrator alone changes them' };
    if (kind) return { role: 'id', kind };
    throw unmapped(`path ${path} (words ${words.join('/')})`, name);
  }
  throw unmapped(`path ${path}`, name);
}

/** Query parameters that carry ids; any other query parameter whose name ends in Id/Ids must be added here. */
const QUERY_IDS: Record<string, ParamRole> = {
  fromId: { role: 'pair', typeParam: 'fromType' },
  toId: { role: 'pair', typeParam: 'toType' },
  fromType: { role: 'pairType' },
  toType: { role: 'pairType' },
  entityId: { role: 'pair', typeParam: 'entityType' },
  entityType: { role: 'pairType' },
  id: { role: 'pair', typeParam: 'type' },
  type: { role: 'pairType' },
  deviceIds: { role: 'filter', kind: 'LIST_DEVICE' },
  assetIds: { role: 'filter', kind: 'LIST_ASSET' },
  deviceProfileId: { role: 'filter', kind: 'DEVICE_PROFILE' },
  tenantId: { role: 'filter', kind: 'TENANT_FILTER' },
  customerTitle: { role: 'name', kind: 'CUSTOMER' },
  bundleAlias: { role: 'name', kind: 'WIDGETS_BUNDLE' },
  alias: { role: 'name', kind: 'WIDGET_TYPE' },
  // Building consumption: the node (a building-level asset) and the meter it narrows to.
  nodeId: { role: 'id', kind: 'ASSET' },
  deviceId: { role: 'id', kind: 'DEVICE' },
};

/** Values for required query parameters that name no entity. */
const QUERY_VALUES: Record<string, string> = {
  page: '0',
  pageSize: '10',
  relationType: 'Contains',
  limit: '10',
  userCredentialsEnabled: 'false',
  componentTypes: 'FILTER',
  isSystem: 'false',
  bucket: 'DAY',
  startTs: '0',
  endTs: '86400000',
};

/** The role of a query parameter, or undefined for one that names nothing and may be left out. */
export function queryParamRole(path: string, name: string, required: boolean): ParamRole | undefined {
  // On /api/relations DELETE `type` pairs with `id`; elsewhere `type` is an entity's subtype filter.
  const pairs = path.startsWith('/api/relation') || path.startsWith('/api/relations');
  const role = QUERY_IDS[name];
  if (role && (pairs || (role.role !== 'pair' && role.role !== 'pairType'))) return role;
  if (/Ids?$/.test(name)) throw unmapped(`query of ${path}`, name);
  // Telemetry deletes name their keys (the document leaves `keys` optional; the call needs it).
  if (name === 'keys' && path.startsWith('/api/plugins/telemetry/'))
    return { role: 'value', value: 'temperature,threshold' };
  if (name === 'deleteAllDataForKeys') return { role: 'value', value: 'true' };
  if (!required) return undefined;
  const value = QUERY_VALUES[name];
  if (value !== undefined) return { role: 'value', value };
  return { role: 'skip', why: `required query parameter '${name}' is not an id` };
}
