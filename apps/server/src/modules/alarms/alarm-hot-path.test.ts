// The rule engine's repeated updates of an active alarm (endTs, details) are kept in memory and written
// once a second; anything else about that alarm (ack, clear, a severity change) sees them first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ok } from '../devices/devices-fixtures.ts';
import { insertDevice, setupEntityWorld, type EntityWorld } from '../entities/entity-fixtures.ts';
import type { TelemetryEvent } from '../telemetry/telemetry-types.ts';

let t: TestApp;
let w: EntityWorld;
const events: TelemetryEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  t.app.services.bus.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

interface AlarmDto {
  id: { id: string };
  endTs: number;
  status: string;
  severity: string;
  details: unknown;
}
const read = (id: string) => ok<AlarmDto>(t.request('GET', `/api/alarm/${id}`, { token: w.tokens.tenant }));

describe('repeated rule-engine alarm updates', () => {
  it('are answered from memory, written within a second, and settled before an acknowledgement', async () => {
    const ops = t.app.services.alarmOps;
    const device = await insertDevice(t, w.tenantId, 'Hot path device');
    const originator = { entityType: 'DEVICE', id: device };
    const upsert = (endTs: number, details: unknown) =>
      ops.createOrUpdate({
        tenantId: w.tenantId,
        originator,
        type: 'High Temperature',
        severity: 'MAJOR',
        endTs,
        details,
      });

    const first = await upsert(1000, { data: 't = 31' });
    expect(first.created).toBe(true);
    const id = first.alarm.id.id;
    events.length = 0;

    for (let i = 1; i <= 50; i++) {
      const r = await upsert(1000 + i, { data: `t = ${31 + i}` });
      expect(r).toMatchObject({ created: false, severityChanged: false });
      expect(r.alarm.endTs).toBe(1000 + i); // the answer carries the new values at once
    }
    expect(events.filter((e) => e.kind === 'alarm')).toHaveLength(0); // not one event per message
    expect((await ops.findActive(w.tenantId, originator, 'High Temperature'))?.endTs).toBe(1050);

    await ops.flush();
    expect(await read(id)).toMatchObject({ endTs: 1050, details: { data: 't = 81' } });
    expect(events.filter((e) => e.kind === 'alarm').map((e) => (e as { action: string }).action)).toEqual(['UPDATED']);

    // Pending values are written before a user's acknowledgement, which the next update then keeps.
    await upsert(2000, { data: 't = 90' });
    await ok(t.request('POST', `/api/alarm/${id}/ack`, { token: w.tokens.tenant }));
    expect(await read(id)).toMatchObject({ endTs: 2000, status: 'ACTIVE_ACK' });
    await upsert(2001, { data: 't = 91' });
    await ops.flush();
    expect(await read(id)).toMatchObject({ endTs: 2001, status: 'ACTIVE_ACK' });

    // A severity change takes the transactional path at once.
    const escalated = await ops.createOrUpdate({
      tenantId: w.tenantId,
      originator,
      type: 'High Temperature',
      severity: 'CRITICAL',
      endTs: 3000,
    });
    expect(escalated.severityChanged).toBe(true);
    expect(await read(id)).toMatchObject({ severity: 'CRITICAL', endTs: 3000 });

    // Cleared: the next "true" result makes a new alarm.
    await ops.clearActive(w.tenantId, originator, 'High Temperature');
    const again = await upsert(4000, null);
    expect(again.created).toBe(true);
    expect(again.alarm.id.id).not.toBe(id);
  });
});
