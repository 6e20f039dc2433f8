import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';

/** Device test helpers on top of users-fixtures' World (demo tenant, the "Other" tenant, logins). */
export async function ok<T = Record<string, unknown> & { id: { id: string } }>(
  res: Promise<LightMyRequestResponse> | LightMyRequestResponse,
): Promise<T> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return (r.body === '' ? undefined : r.json()) as T;
}

export interface DeviceDto {
  id: { entityType: 'DEVICE'; id: string };
  createdTime: number;
  tenantId: { id: string };
  customerId: { id: string };
  name: string;
  type: string;
  label: string | null;
  deviceProfileId: { id: string };
  additionalInfo: Record<string, unknown> | null;
}

export async function createDevice(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  query = '',
): Promise<DeviceDto> {
  return ok<DeviceDto>(t.request('POST', `/api/device${query}`, { token, body }));
}

export async function credentialsOf(t: TestApp, token: string, deviceId: string) {
  return ok<{ id: { id: string }; credentialsType: string; credentialsId: string; credentialsValue: string | null }>(
    t.request('GET', `/api/device/${deviceId}/credentials`, { token }),
  );
}

export async function deviceRow(t: TestApp, id: string) {
  return (
    await t.db.query<{ name: string; customer_id: string | null; type: string; tenant_id: string }>(
      'SELECT name, customer_id, type, tenant_id FROM device WHERE id = $1',
      [id],
    )
  )[0];
}

export async function auditActions(t: TestApp, entityId: string): Promise<string[]> {
  const rows = await t.db.query<{ action_type: string }>(
    'SELECT action_type FROM audit_log WHERE entity_id = $1 ORDER BY created_time, action_type',
    [entityId],
  );
  return rows.map((r) => r.action_type);
}

/** Walks every page of a paged call and returns all rows. */
export async function allPages<T>(t: TestApp, token: string, url: string, pageSize: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const body = await ok<{ data: T[]; hasNext: boolean; totalElements: number }>(
      t.request('GET', `${url}${sep}pageSize=${pageSize}&page=${page}`, { token }),
    );
    rows.push(...body.data);
    if (!body.hasNext) return rows;
    if (page > 10_000) throw new Error('paging never ends');
  }
}
