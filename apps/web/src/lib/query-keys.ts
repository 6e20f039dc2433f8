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
} as const;
