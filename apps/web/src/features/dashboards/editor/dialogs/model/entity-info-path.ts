// Where one entity's record is read, to show a stored alias entity by name (aliases store ids only).
const PATHS: Record<string, string> = {
  DEVICE: '/api/device/',
  ASSET: '/api/asset/',
  ENTITY_VIEW: '/api/entityView/',
  CUSTOMER: '/api/customer/',
  TENANT: '/api/tenant/',
  USER: '/api/user/',
  DASHBOARD: '/api/dashboard/info/',
};

/** The GET path of an entity, or null for types without one (the id is shown instead). */
export function entityInfoPath(entityType: string, id: string): string | null {
  const base = PATHS[entityType];
  return base && /^[0-9a-f-]{36}$/i.test(id) ? base + id : null;
}

/** A record's display name: devices/assets/views `name`, tenants/customers/dashboards `title`, users `email`. */
export function recordName(record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return null;
  const r = record as Record<string, unknown>;
  for (const key of ['name', 'title', 'email']) {
    const v = r[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}
