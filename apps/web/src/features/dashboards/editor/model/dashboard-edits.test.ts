import { describe, expect, it } from 'vitest';
import { emptyDashboardConfig, type DashboardConfig } from '../../model/dashboard-config';
import type { WidgetDescriptor } from '../../model/widget-descriptor';
import {
  INVALID_WIDGET_FILE,
  addWidgetToState,
  importWidget,
  parseWidgetFile,
  removeWidgetFromState,
  setLayout,
  setMobileLayout,
  updateWidget,
  widgetFromType,
} from './dashboard-edits';

const descriptor: WidgetDescriptor = {
  type: 'latest',
  sizeX: 5,
  sizeY: 3,
  settingsSchema: null,
  dataKeySettingsSchema: null,
  defaultConfig: { datasources: [], settings: { units: '°C' } },
  templateHtml: '',
  templateCss: '',
  controllerScript: '',
};
const ref = { isSystemType: true, bundleAlias: 'cards', typeAlias: 'simple_card' };
const base = (): DashboardConfig => emptyDashboardConfig('Plant', 500, 0);
const layoutOf = (c: DashboardConfig) => c.states.default!.layouts.main;

describe('dashboard edits', () => {
  it('makes a widget of a type from its default configuration', () => {
    const w = widgetFromType(ref, 'Simple card', descriptor, 'w1');
    expect(w).toMatchObject({ id: 'w1', bundleAlias: 'cards', typeAlias: 'simple_card', sizeX: 5, sizeY: 3 });
    expect(w.config.title).toBe('Simple card');
    expect(w.config.settings).toEqual({ units: '°C' });
    // The descriptor's default stays untouched for the next widget.
    w.config.settings!.units = 'K';
    expect(descriptor.defaultConfig.settings).toEqual({ units: '°C' });
  });

  it('adds widgets at free spots and removes them with their definition', () => {
    let c = addWidgetToState(base(), 'default', 'main', widgetFromType(ref, 'A', descriptor, 'a'));
    c = addWidgetToState(c, 'default', 'main', widgetFromType(ref, 'B', descriptor, 'b'));
    expect(layoutOf(c).widgets.a).toMatchObject({ row: 0, col: 0, sizeX: 5, sizeY: 3 });
    expect(layoutOf(c).widgets.b).toMatchObject({ row: 0, col: 5 });
    c = removeWidgetFromState(c, 'default', 'main', 'a');
    expect(layoutOf(c).widgets.a).toBeUndefined();
    expect(c.widgets.a).toBeUndefined();
    expect(c.widgets.b).toBeDefined();
  });

  it('keeps a definition another state still shows', () => {
    let c = base();
    c.states.other = { name: 'Other', root: false, layouts: { main: structuredClone(layoutOf(c)) } };
    c = addWidgetToState(c, 'default', 'main', widgetFromType(ref, 'A', descriptor, 'a'));
    c = addWidgetToState(c, 'other', 'main', c.widgets.a!);
    c = removeWidgetFromState(c, 'default', 'main', 'a');
    expect(c.widgets.a).toBeDefined();
  });

  it('replaces a widget and writes a layout back; unknown targets change nothing', () => {
    let c = addWidgetToState(base(), 'default', 'main', widgetFromType(ref, 'A', descriptor, 'a'));
    c = updateWidget(c, { ...c.widgets.a!, config: { ...c.widgets.a!.config, title: 'Renamed' } });
    expect(c.widgets.a?.config.title).toBe('Renamed');
    expect(updateWidget(c, { id: 'zz', config: {} })).toBe(c);
    const moved = { ...layoutOf(c), widgets: { a: { ...layoutOf(c).widgets.a!, row: 4 } } };
    expect(layoutOf(setLayout(c, 'default', 'main', moved)).widgets.a?.row).toBe(4);
    expect(setLayout(c, 'nope', 'main', moved)).toBe(c);
  });

  it('reads a ThingsBoard widget file and refuses anything else', () => {
    const file = {
      widget: {
        bundleAlias: 'cards',
        typeAlias: 'simple_card',
        isSystemType: true,
        id: 'old',
        config: { datasources: [{ type: 'entity', entityAliasId: 'x1' }] },
      },
      aliasesInfo: {
        datasourceAliases: {
          0: {
            id: 'x1',
            alias: 'Pump',
            filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: 'd1' } },
          },
        },
      },
      originalSize: { sizeX: 5, sizeY: 3 },
    };
    const parsed = parseWidgetFile(JSON.stringify(file));
    expect(parsed.aliases.x1?.alias).toBe('Pump');
    expect(() => parseWidgetFile('{')).toThrow(INVALID_WIDGET_FILE);
    expect(() => parseWidgetFile('{"widget":{"config":{}}}')).toThrow(INVALID_WIDGET_FILE);
    expect(() => parseWidgetFile('{"title":"a dashboard"}')).toThrow(INVALID_WIDGET_FILE);

    let n = 0;
    const ids = () => `new${++n}`;
    // A dashboard that already has an alias of that name reuses it.
    const c = base();
    c.entityAliases = { mine: { id: 'mine', alias: 'Pump', filter: { type: 'singleEntity' } } };
    const out = importWidget(c, 'default', 'main', parsed, ids);
    const added = Object.values(out.widgets)[0]!;
    expect(added.id).toBe('new1');
    expect((added.config.datasources as { entityAliasId: string }[])[0]?.entityAliasId).toBe('mine');
    // Without one, the alias is added under a new id.
    const fresh = importWidget(base(), 'default', 'main', parsed, ids);
    const aliasIds = Object.keys(fresh.entityAliases);
    expect(aliasIds).toEqual(['new2']);
    expect((Object.values(fresh.widgets)[0]!.config.datasources as { entityAliasId: string }[])[0]?.entityAliasId).toBe(
      'new2',
    );
  });
});

describe('grid settings', () => {
  it('apply to every layout of the edited state only', async () => {
    const { setGridSettings } = await import('./dashboard-edits');
    const c = base();
    c.states.other = { name: 'Other', root: false, layouts: { main: structuredClone(layoutOf(c)) } };
    const next = setGridSettings(c, 'default', { ...layoutOf(c).gridSettings, columns: 48 });
    expect(layoutOf(next).gridSettings.columns).toBe(48);
    expect(next.states.other?.layouts.main.gridSettings.columns).toBe(24);
    expect(setGridSettings(c, 'missing', layoutOf(c).gridSettings)).toBe(c);
  });
});

describe('mobile layout', () => {
  it("sets and clears a widget's mobile order and height, leaving its desktop place alone", () => {
    const w = widgetFromType(ref, 'Temp', descriptor, 'w1');
    const added = addWidgetToState(base(), 'default', 'main', w);
    const desktop = layoutOf(added).widgets.w1;
    const set = setMobileLayout(added, 'default', 'main', 'w1', { mobileOrder: 2, mobileHeight: 5 });
    expect(layoutOf(set).widgets.w1).toEqual({ ...desktop, mobileOrder: 2, mobileHeight: 5 });
    const cleared = setMobileLayout(set, 'default', 'main', 'w1', {});
    expect(layoutOf(cleared).widgets.w1).toEqual(desktop);
    expect(setMobileLayout(added, 'default', 'main', 'nope', { mobileOrder: 1 })).toBe(added);
  });
});
