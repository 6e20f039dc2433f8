/** Every TanStack Query key in one place, so invalidation never guesses at a key's shape. */
export const queryKeys = {
  auth: {
    user: ['auth', 'user'] as const,
  },
  menu: {
    flags: (ownerType: string, ownerId: string) => ['menu', 'flags', ownerType, ownerId] as const,
    dashboards: (ownerType: string, ownerId: string) => ['menu', 'dashboards', ownerType, ownerId] as const,
  },
  profile: {
    dashboards: (path: string) => ['profile', 'dashboards', path] as const,
    passwordPolicy: ['profile', 'password-policy'] as const,
  },
  admin: {
    updates: ['admin', 'updates'] as const,
  },
  users: {
    /** Every user query: lists, details and owners. */
    all: ['users'] as const,
    lists: ['users', 'list'] as const,
    list: (scopeKind: string, ownerId: string) => ['users', 'list', scopeKind, ownerId] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    /** Title of the tenant or customer whose users a page lists. */
    owner: (scopeKind: string, ownerId: string) => ['users', 'owner', scopeKind, ownerId] as const,
    tokenAccessEnabled: ['users', 'tokenAccessEnabled'] as const,
  },
  tenants: {
    /** Every tenant query: pages and details. */
    all: ['tenants'] as const,
    list: ['tenants', 'list'] as const,
    detail: (id: string) => ['tenants', 'detail', id] as const,
  },
  tenantProfiles: {
    all: ['tenantProfiles'] as const,
    list: ['tenantProfiles', 'list'] as const,
    detail: (id: string) => ['tenantProfiles', 'detail', id] as const,
    /** Every profile by name, for the tenant form's select. */
    options: ['tenantProfiles', 'options'] as const,
  },
  customers: {
    all: ['customers'] as const,
    list: ['customers', 'list'] as const,
    detail: (id: string) => ['customers', 'detail', id] as const,
  },
  devices: {
    /** Every device query: pages, details, credentials, gateways. */
    all: ['devices'] as const,
    list: ['devices', 'list'] as const,
    detail: (id: string) => ['devices', 'detail', id] as const,
    credentials: (id: string) => ['devices', 'credentials', id] as const,
    gateways: ['devices', 'gateways'] as const,
  },
  deviceProfiles: {
    all: ['deviceProfiles'] as const,
    list: ['deviceProfiles', 'list'] as const,
    detail: (id: string) => ['deviceProfiles', 'detail', id] as const,
    /** Profile infos by name, for pickers and filters. */
    options: ['deviceProfiles', 'options'] as const,
    defaultInfo: ['deviceProfiles', 'default'] as const,
  },
  /** GET /api/{device|asset|entityView}/types, reloaded after a save of that entity type. */
  entitySubtypes: (entityType: string) => ['entitySubtypes', entityType] as const,
  /** Customers offered by the assign-to-customer dialog. */
  assignableCustomers: (search: string) => ['customers', 'assignable', search] as const,
  assets: {
    /** Every asset query: pages and details. */
    all: ['assets'] as const,
    list: ['assets', 'list'] as const,
    detail: (id: string) => ['assets', 'detail', id] as const,
  },
  entityViews: {
    all: ['entityViews'] as const,
    list: ['entityViews', 'list'] as const,
    detail: (id: string) => ['entityViews', 'detail', id] as const,
  },
  /** Relations of one entity in one direction (relations/info). */
  relations: {
    all: ['relations'] as const,
    of: (entityType: string, id: string, direction: string) => ['relations', entityType, id, direction] as const,
  },
  /** Telemetry REST reads: one attribute's typed value (for editing), chart history. */
  telemetry: {
    all: ['telemetry'] as const,
    attribute: (entityType: string, id: string, scope: string, key: string) =>
      ['telemetry', 'attribute', entityType, id, scope, key] as const,
    series: (entityType: string, id: string, keys: string, query: string) =>
      ['telemetry', 'series', entityType, id, keys, query] as const,
  },
  /** Entity autocomplete matches by type and name prefix. */
  entitySearch: (entityType: string, text: string) => ['entitySearch', entityType, text] as const,
} as const;
