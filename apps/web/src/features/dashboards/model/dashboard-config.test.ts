import { describe, expect, it } from 'vitest';
import {
  emptyDashboardConfig,
  normaliseDashboardConfig,
  rootStateId,
  widgetTypeKey,
  widgetTypeRef,
} from './dashboard-config';

const NOW = Date.UTC(2024, 0, 15, 12);

const chartId = '1b2c3d4e-0000-4000-8000-000000000001';
const cardId = '1b2c3d4e-0000-4000-8000-000000000002';
const tableId = '1b2c3d4e-0000-4000-8000-000000000003';

/** A dashboard as ThingsBoard 3.2 exports it (trimmed configs, real field names). */
function thingsboardDashboard() {
  return {
    description: 'Chiller plant overview',
    widgets: {
      [chartId]: {
        isSystemType: true,
        bundleAlias: 'charts',
        typeAlias: 'basic_timeseries',
        type: 'timeseries',
        title: 'New widget',
        sizeX: 8,
        sizeY: 5,
        config: {
          datasources: [
            {
              type: 'entity',
              entityAliasId: 'alias-chillers',
              dataKeys: [{ name: 'temperature', type: 'timeseries', label: 'Temperature', color: '#2196f3' }],
            },
          ],
          timewindow: { realtime: { timewindowMs: 60000 } },
          showTitle: true,
          backgroundColor: '#fff',
          color: 'rgba(0, 0, 0, 0.87)',
          padding: '8px',
          settings: { showTooltip: true, smoothLines: false },
          title: 'Supply temperature',
          dropShadow: true,
          enableFullscreen: true,
          showLegend: true,
          legendConfig: { direction: 'column', position: 'bottom', showMin: false, showMax: true },
          useDashboardTimewindow: true,
        },
        id: chartId,
      },
      [cardId]: {
        isSystemType: true,
        bundleAlias: 'cards',
        typeAlias: 'simple_card',
        type: 'latest',
        title: 'New widget',
        sizeX: 5,
        sizeY: 3,
        config: {
          datasources: [
            { type: 'entity', entityAliasId: 'alias-chiller', dataKeys: [{ name: 'power', type: 'timeseries' }] },
          ],
          units: 'kW',
          decimals: 1,
          settings: { labelPosition: 'top' },
          title: 'Power',
        },
        id: cardId,
      },
      [tableId]: {
        isSystemType: true,
        bundleAlias: 'cards',
        typeAlias: 'entities_table',
        type: 'latest',
        title: 'New widget',
        sizeX: 7.5,
        sizeY: 6.5,
        config: {
          datasources: [{ type: 'entity', entityAliasId: 'alias-chillers', dataKeys: [] }],
          settings: { enableSearch: true, displayPagination: true, defaultPageSize: 10 },
          title: 'Chillers',
          actions: {
            rowClick: [{ name: 'Details', type: 'openDashboardState', targetDashboardStateId: 'chiller', id: 'a1' }],
          },
        },
        id: tableId,
      },
    },
    states: {
      default: {
        name: 'Chiller plant',
        root: true,
        layouts: {
          main: {
            widgets: {
              [tableId]: { sizeX: 12, sizeY: 8, row: 0, col: 0 },
              [cardId]: { sizeX: 6, sizeY: 3, row: 0, col: 12, mobileOrder: 0 },
              'deleted-widget': { sizeX: 4, sizeY: 4, row: 4, col: 12 },
            },
            gridSettings: {
              backgroundColor: '#eeeeee',
              color: 'rgba(0,0,0,0.870588)',
              columns: 24,
              margins: [10, 10],
              backgroundSizeMode: '100%',
              backgroundImageUrl: 'data:image/png;base64,AAAA',
            },
          },
        },
      },
      chiller: {
        name: '${entityName}',
        root: false,
        layouts: {
          main: {
            widgets: { [chartId]: { sizeX: 24, sizeY: 9, row: 0, col: 0, mobileHeight: 5 } },
            gridSettings: { backgroundColor: '#ffffff', columns: 24, margins: [5, 5], mobileRowHeight: 60 },
          },
          right: { widgets: { [cardId]: { sizeX: 24, sizeY: 3, row: 0, col: 0 } } },
        },
      },
    },
    entityAliases: {
      'alias-chillers': {
        id: 'alias-chillers',
        alias: 'Chillers',
        filter: { type: 'deviceType', resolveMultiple: true, deviceType: 'chiller', deviceNameFilter: '' },
      },
      'alias-chiller': {
        id: 'alias-chiller',
        alias: 'Chiller',
        filter: { type: 'stateEntity', resolveMultiple: false, stateEntityParamName: null, defaultStateEntity: null },
      },
    },
    timewindow: {
      displayValue: '',
      selectedTab: 1,
      realtime: { interval: 1000, timewindowMs: 60000 },
      history: {
        historyType: 0,
        interval: 3600000,
        timewindowMs: 604800000,
        fixedTimewindow: { startTimeMs: 1700000000000, endTimeMs: 1700086400000 },
      },
      aggregation: { type: 'AVG', limit: 25000 },
    },
    settings: {
      stateControllerId: 'entity',
      showTitle: true,
      showDashboardsSelect: true,
      showEntitiesSelect: true,
      showDashboardTimewindow: true,
      showDashboardExport: true,
      toolbarAlwaysOpen: true,
      titleColor: 'rgba(0,0,0,0.870588)',
      dashboardCss: '.tb-widget { border-radius: 8px; }',
    },
  };
}

describe('normaliseDashboardConfig — a ThingsBoard 3.2 dashboard', () => {
  const config = normaliseDashboardConfig(thingsboardDashboard(), 50000, { now: NOW });

  it('keeps widgets, their configs and unknown fields verbatim', () => {
    const source = thingsboardDashboard();
    expect(config.widgets[chartId]).toEqual(source.widgets[chartId]);
    expect(config.widgets[tableId]?.config.actions).toEqual(source.widgets[tableId].config.actions);
    expect(config.entityAliases).toEqual(source.entityAliases);
    expect(config.description).toBe('Chiller plant overview');
    expect(config.settings.dashboardCss).toBe('.tb-widget { border-radius: 8px; }');
    expect(config.states.default?.layouts.main.gridSettings.backgroundImageUrl).toBe('data:image/png;base64,AAAA');
  });

  it('keeps both states with the one root and drops layout entries of missing widgets', () => {
    expect(Object.keys(config.states)).toEqual(['default', 'chiller']);
    expect(rootStateId(config)).toBe('default');
    expect(config.states.chiller?.name).toBe('${entityName}');
    expect(Object.keys(config.states.default?.layouts.main.widgets ?? {})).toEqual([tableId, cardId]);
    expect(config.states.default?.layouts.main.widgets[cardId]).toEqual({
      sizeX: 6,
      sizeY: 3,
      row: 0,
      col: 12,
      mobileOrder: 0,
    });
    expect(config.states.chiller?.layouts.main.widgets[chartId]?.mobileHeight).toBe(5);
  });

  it('fills grid settings that are missing, keeping those given', () => {
    const chiller = config.states.chiller?.layouts;
    expect(chiller?.main.gridSettings).toMatchObject({
      backgroundColor: '#ffffff',
      color: 'rgba(0,0,0,0.870588)',
      columns: 24,
      margins: [5, 5],
      backgroundSizeMode: '100%',
      mobileRowHeight: 60,
    });
    expect(chiller?.right?.gridSettings).toMatchObject({ columns: 24, margins: [10, 10], mobileRowHeight: 70 });
    expect(chiller?.right?.widgets[cardId]).toEqual({ sizeX: 24, sizeY: 3, row: 0, col: 0 });
    expect(config.states.default?.layouts.right).toBeUndefined();
  });

  it('reads the numeric window codes and stores them back as codes', () => {
    expect(config.timewindow).toMatchObject({
      selectedTab: 1,
      history: { historyType: 0, interval: 3600000, timewindowMs: 604800000 },
      aggregation: { type: 'AVG', limit: 25000 },
    });
  });
});

describe('normaliseDashboardConfig — a legacy dashboard without states', () => {
  const legacy = {
    widgets: [
      {
        id: 'w1',
        bundleAlias: 'charts',
        typeAlias: 'basic_timeseries',
        sizeX: 12,
        sizeY: 6,
        row: 0,
        col: 0,
        config: {},
      },
      { bundleAlias: 'cards', typeAlias: 'simple_card', sizeX: 6, sizeY: 3, row: 0, col: 12 },
      'not a widget',
    ],
    gridSettings: { backgroundColor: '#333', columns: 20 },
    timewindow: { realtime: { timewindowMs: 300000 } },
  };
  const config = normaliseDashboardConfig(legacy, undefined, { title: 'Boilers', now: NOW });

  it('makes one root state named after the dashboard, holding every widget at its own position', () => {
    expect(Object.keys(config.states)).toEqual(['default']);
    const state = config.states.default;
    expect(state?.name).toBe('Boilers');
    expect(state?.root).toBe(true);
    expect(state?.layouts.main.widgets).toEqual({
      w1: { sizeX: 12, sizeY: 6, row: 0, col: 0 },
      'widget-2': { sizeX: 6, sizeY: 3, row: 0, col: 12 },
    });
  });

  it('moves the old top-level grid settings into that layout', () => {
    expect(config.states.default?.layouts.main.gridSettings).toMatchObject({ backgroundColor: '#333', columns: 20 });
    expect(config.gridSettings).toBeUndefined();
  });

  it('gives widgets ids and configs, and the window its inferred types', () => {
    expect(Object.keys(config.widgets)).toEqual(['w1', 'widget-2']);
    expect(config.widgets['widget-2']).toMatchObject({ id: 'widget-2', config: {} });
    expect(config.timewindow).toMatchObject({ selectedTab: 0, realtime: { realtimeType: 0, timewindowMs: 300000 } });
  });
});

describe('normaliseDashboardConfig — repairs', () => {
  it('turns junk into an empty dashboard without throwing', () => {
    for (const junk of [undefined, null, 42, 'text', [], true]) {
      const config = normaliseDashboardConfig(junk, undefined, { now: NOW });
      expect(config).toEqual(emptyDashboardConfig('Default', undefined, NOW));
    }
  });

  it('survives junk inside an object', () => {
    const config = normaliseDashboardConfig(
      {
        widgets: { a: 5, b: { config: 'x' } },
        states: {
          s1: 'nope',
          s2: {
            layouts: {
              main: { widgets: { a: {}, b: { sizeX: -3, row: 'x' } }, gridSettings: { columns: 0, margins: 'x' } },
            },
          },
        },
        entityAliases: [],
        timewindow: 'garbage',
        settings: { showTitle: 'yes' },
      },
      undefined,
      { now: NOW },
    );
    expect(Object.keys(config.widgets)).toEqual(['b']);
    expect(config.widgets.b?.config).toEqual({});
    expect(Object.keys(config.states)).toEqual(['s2']);
    expect(config.states.s2).toMatchObject({ name: 's2', root: true });
    expect(config.states.s2?.layouts.main.widgets).toEqual({ b: { sizeX: 1, sizeY: 6, row: 0, col: 0 } });
    expect(config.states.s2?.layouts.main.gridSettings).toMatchObject({ columns: 24, margins: [10, 10] });
    expect(config.entityAliases).toEqual({});
    expect(config.settings.showTitle).toBe(false);
    expect(config.timewindow.selectedTab).toBe(0);
  });

  it('leaves exactly one root state', () => {
    const twoRoots = normaliseDashboardConfig({ states: { a: { root: true }, b: { root: true } } });
    expect([twoRoots.states.a?.root, twoRoots.states.b?.root]).toEqual([true, false]);
    const none = normaliseDashboardConfig({ states: { a: {}, default: {} } });
    expect(rootStateId(none)).toBe('default');
    expect(none.states.a?.root).toBe(false);
    const noDefault = normaliseDashboardConfig({ states: { x: {}, y: {} } });
    expect(rootStateId(noDefault)).toBe('x');
  });

  it('is idempotent', () => {
    const once = normaliseDashboardConfig(thingsboardDashboard(), 50000, { now: NOW });
    expect(normaliseDashboardConfig(once, 50000, { now: NOW })).toEqual(once);
  });
});

describe('emptyDashboardConfig', () => {
  it('has one root state with an empty 24-column main layout and the default settings', () => {
    const config = emptyDashboardConfig('Plant', undefined, NOW);
    expect(config.states).toEqual({
      default: {
        name: 'Plant',
        root: true,
        layouts: {
          main: {
            widgets: {},
            gridSettings: {
              backgroundColor: '#eeeeee',
              color: 'rgba(0,0,0,0.870588)',
              columns: 24,
              margins: [10, 10],
              backgroundSizeMode: '100%',
              mobileRowHeight: 70,
            },
          },
        },
      },
    });
    expect(config.settings).toMatchObject({ stateControllerId: 'entity', showDashboardTimewindow: true });
    expect(config.timewindow).toMatchObject({ selectedTab: 0, aggregation: { type: 'NONE', limit: 250 } });
  });
});

describe('widgetTypeKey', () => {
  it('reads 3.2 aliases and 3.4+ full names alike', () => {
    expect(widgetTypeKey({ isSystemType: true, bundleAlias: 'charts', typeAlias: 'basic_timeseries' })).toBe(
      'charts.basic_timeseries',
    );
    expect(widgetTypeKey({ typeFullFqn: 'system.charts.basic_timeseries' })).toBe('charts.basic_timeseries');
    expect(widgetTypeRef({ typeFullFqn: 'tenant.my_bundle.gauge' })).toEqual({
      isSystemType: false,
      bundleAlias: 'my_bundle',
      typeAlias: 'gauge',
    });
  });

  it('has no key for a widget that names no type', () => {
    for (const w of [{}, { typeAlias: 'x' }, { typeFullFqn: 'basic_timeseries' }, { typeFullFqn: 'other.a.b' }]) {
      expect(widgetTypeKey(w)).toBeUndefined();
    }
  });
});
