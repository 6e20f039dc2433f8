import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureSystemWidgets } from './ensure-system-widgets.ts';
import { SYSTEM_WIDGET_BUNDLES } from './system-widgets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const rows = await t.db.query<{ bundles: number; types: number }>(
    `SELECT (SELECT count(*)::int FROM widgets_bundle WHERE tenant_id IS NULL) AS bundles,
            (SELECT count(*)::int FROM widget_type WHERE tenant_id IS NULL) AS types`,
  );
  return rows[0]!;
}

const expectedTypes = SYSTEM_WIDGET_BUNDLES.reduce((n, b) => n + b.widgets.length, 0);

describe('ensureSystemWidgets', () => {
  it('writes every built-in bundle and widget once, then does nothing', async () => {
    // The first call writes them, unless start-up already did.
    await ensureSystemWidgets(t.db, t.clock);
    expect(await counts()).toEqual({ bundles: SYSTEM_WIDGET_BUNDLES.length, types: expectedTypes });
    expect(await ensureSystemWidgets(t.db, t.clock)).toBe(false);
    expect(await ensureSystemWidgets(t.db, t.clock)).toBe(false);
    expect(await counts()).toEqual({ bundles: SYSTEM_WIDGET_BUNDLES.length, types: expectedTypes });
  });

  it('rewrites changed definitions in place and adds new ones, without duplicates', async () => {
    const changed = SYSTEM_WIDGET_BUNDLES.map((b) =>
      b.alias !== 'charts'
        ? b
        : {
            ...b,
            title: 'Charts v2',
            widgets: b.widgets.map((w) =>
              w.alias === 'basic_timeseries' ? { ...w, descriptor: { ...w.descriptor, sizeX: 12 } } : w,
            ),
          },
    );
    const idBefore = await t.db.query<{ id: string }>(
      "SELECT id FROM widget_type WHERE tenant_id IS NULL AND alias = 'basic_timeseries'",
    );
    expect(await ensureSystemWidgets(t.db, t.clock, changed)).toBe(true);
    const after = await t.db.query<{ id: string; size_x: number }>(
      "SELECT id, (descriptor->>'sizeX')::int AS size_x FROM widget_type WHERE tenant_id IS NULL AND alias = 'basic_timeseries'",
    );
    expect(after).toEqual([{ id: idBefore[0]!.id, size_x: 12 }]);
    const title = await t.db.query<{ title: string }>("SELECT title FROM widgets_bundle WHERE alias = 'charts'");
    expect(title).toEqual([{ title: 'Charts v2' }]);
    expect(await counts()).toEqual({ bundles: SYSTEM_WIDGET_BUNDLES.length, types: expectedTypes });

    // Back to the shipped definitions.
    expect(await ensureSystemWidgets(t.db, t.clock)).toBe(true);
    expect(await ensureSystemWidgets(t.db, t.clock)).toBe(false);
    const restored = await t.db.query<{ size_x: number }>(
      "SELECT (descriptor->>'sizeX')::int AS size_x FROM widget_type WHERE tenant_id IS NULL AND alias = 'basic_timeseries'",
    );
    expect(restored).toEqual([{ size_x: 8 }]);
  });

  it('gives every system widget a valid descriptor', () => {
    const kinds = ['timeseries', 'latest', 'rpc', 'alarm', 'static', 'alarmCounter', 'deviceHealthCounter'];
    for (const b of SYSTEM_WIDGET_BUNDLES) {
      const aliases = b.widgets.map((w) => w.alias);
      expect(new Set(aliases).size, b.alias).toBe(aliases.length);
      for (const w of b.widgets) {
        expect(kinds, w.alias).toContain(w.descriptor.type);
        expect(w.descriptor.sizeX, w.alias).toBeGreaterThan(0);
        const config = JSON.parse(w.descriptor.defaultConfig);
        expect(config.title, w.alias).toBe(`New ${w.name}`);
        expect(config.settings, w.alias).toBeTypeOf('object');
        expect(w.descriptor.settingsSchema.schema.type, w.alias).toBe('object');
      }
    }
  });
});
