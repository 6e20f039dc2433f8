// Pure logic of the map widgets: markers (one per entity) from the widget's series, bounds, the
// label/tooltip patterns and the tile providers. The widgets only draw what this computes.
import { formatValue } from '../../model/data-key';
import { latestValue, toNumber } from '../shared/series-values';
import type { WidgetEntity, WidgetSeries, WidgetValue } from '../widget-types';

export interface MarkerValue {
  name: string;
  label: string;
  /** Formatted with the key's units/decimals. */
  text: string;
  raw: WidgetValue;
  color: string;
}

export interface MapMarker {
  /** Stable across updates (entity id, or the datasource for function data): markers move, not re-created. */
  id: string;
  entity: WidgetEntity | null;
  name: string;
  /** Latitude or y (0..1 from the top). */
  a: number;
  /** Longitude or x (0..1 from the left). */
  b: number;
  /** The colour of the position key (first key of the entity) unless the settings fix one. */
  color: string;
  values: MarkerValue[];
}

export type CoordSystem = 'geo' | 'relative';

const inRange = (system: CoordSystem, a: number, b: number) =>
  system === 'geo' ? a >= -90 && a <= 90 && b >= -180 && b <= 180 : a >= 0 && a <= 1 && b >= 0 && b <= 1;

/** The series of a data key by its label (ThingsBoard matches map keys by label), else by name. */
const matches = (s: WidgetSeries, key: string) => s.dataKey.label === key || s.dataKey.name === key;

/**
 * One marker per entity with a valid position: `aKey`/`bKey` are the latitude/longitude (geo) or
 * y/x (relative) keys. Entities without both values, or out of range, are left out.
 */
export function markersFromSeries(
  series: readonly WidgetSeries[],
  aKey: string,
  bKey: string,
  system: CoordSystem,
  decimals?: number | null,
  units?: string | null,
): MapMarker[] {
  const groups = new Map<string, WidgetSeries[]>();
  for (const s of series) {
    const id = s.entity ? `${s.entity.entityType}:${s.entity.id}` : `ds${s.datasourceIndex}`;
    const list = groups.get(id);
    if (list) list.push(s);
    else groups.set(id, [s]);
  }
  const markers: MapMarker[] = [];
  for (const [id, list] of groups) {
    const aSeries = list.find((s) => matches(s, aKey));
    const bSeries = list.find((s) => matches(s, bKey));
    const a = toNumber(latestValue(aSeries));
    const b = toNumber(latestValue(bSeries));
    if (a === null || b === null || !inRange(system, a, b)) continue;
    const first = list[0];
    const entity = first?.entity ?? null;
    markers.push({
      id,
      entity,
      name: entity ? entity.label || entity.name : (first?.datasource.name ?? id),
      a,
      b,
      color: aSeries?.dataKey.color ?? first?.dataKey.color ?? '#f44336',
      values: list.map((s) => {
        const raw = latestValue(s);
        return {
          name: s.dataKey.name,
          label: s.dataKey.label || s.dataKey.name,
          raw,
          text: formatValue(raw, {
            units: s.dataKey.units ?? units ?? null,
            decimals: s.dataKey.decimals ?? decimals ?? null,
          }),
          color: s.dataKey.color,
        };
      }),
    });
  }
  return markers;
}

export type Bounds = [[number, number], [number, number]];

/** South-west and north-east corners around the markers, or null when there are none. */
export function markerBounds(markers: readonly Pick<MapMarker, 'a' | 'b'>[]): Bounds | null {
  if (markers.length === 0) return null;
  let minA = Infinity;
  let minB = Infinity;
  let maxA = -Infinity;
  let maxB = -Infinity;
  for (const m of markers) {
    minA = Math.min(minA, m.a);
    maxA = Math.max(maxA, m.a);
    minB = Math.min(minB, m.b);
    maxB = Math.max(maxB, m.b);
  }
  return [
    [minA, minB],
    [maxA, maxB],
  ];
}

/** Ids of the markers: the map fits its bounds again only when this changes (not on every move). */
export const markerSetKey = (markers: readonly MapMarker[]) =>
  markers
    .map((m) => m.id)
    .sort()
    .join('|');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PLACEHOLDER = /\$\{([^}:]+)(?::(\d+))?\}/g;

/**
 * Fills `${entityName}`, `${entityLabel}`, `${entityType}` and `${<key label or name>[:decimals]}`.
 * Values are HTML-escaped (they come from devices); the pattern's own HTML is the author's and is
 * sanitised by the caller. Unknown placeholders become ''.
 */
export function fillPattern(pattern: string, marker: MapMarker): string {
  return pattern.replace(PLACEHOLDER, (_, rawName: string, dec: string | undefined) => {
    const name = rawName.trim();
    if (name === 'entityName') return escapeHtml(marker.entity?.name ?? marker.name);
    if (name === 'entityLabel') return escapeHtml(marker.entity?.label || marker.entity?.name || marker.name);
    if (name === 'entityType') return escapeHtml(marker.entity?.entityType ?? '');
    const v = marker.values.find((x) => x.label === name) ?? marker.values.find((x) => x.name === name);
    if (!v) return '';
    return escapeHtml(dec === undefined ? v.text : formatValue(v.raw, { decimals: Number(dec) }));
  });
}

const ENTITY_PLACEHOLDERS = new Set(['entityName', 'entityLabel', 'entityType']);

/** Whether a pattern shows any data key (if not, the tooltip lists the keys below it). */
export function patternNamesKeys(pattern: string): boolean {
  for (const m of pattern.matchAll(PLACEHOLDER)) if (!ENTITY_PLACEHOLDERS.has((m[1] ?? '').trim())) return true;
  return false;
}

/** Tooltip HTML (not yet sanitised): the pattern, then every key's value when it names none. */
export function tooltipHtml(pattern: string, marker: MapMarker): string {
  const head = fillPattern(pattern, marker);
  if (patternNamesKeys(pattern)) return head;
  const rows = marker.values.map((v) => `<b>${escapeHtml(v.label)}:</b> ${escapeHtml(v.text)}`);
  return [head, ...rows].filter((x) => x !== '').join('<br/>');
}

/** Plain text of a label pattern (HTML tags dropped). */
export function labelText(pattern: string, marker: MapMarker): string {
  const html = fillPattern(pattern, marker).replace(/<[^>]*>/g, '');
  return html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .trim();
}

/** "lat,lng" of the default centre setting, or [0, 0]. */
export function parseCenter(text: string): [number, number] {
  const [a, b] = text.split(',').map((x) => Number(x.trim()));
  return a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && inRange('geo', a, b)
    ? [a, b]
    : [0, 0];
}

export interface TileProvider {
  url: string;
  attribution: string;
  subdomains?: string;
}

const OSM_ATTRIBUTION = '&copy; OpenStreetMap contributors';
const ESRI = 'https://server.arcgisonline.com/ArcGIS/rest/services';

export const TILE_PROVIDERS: Readonly<Record<string, TileProvider>> = {
  'OpenStreetMap.Mapnik': { url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: OSM_ATTRIBUTION },
  'OpenStreetMap.HOT': {
    url: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
    attribution: `${OSM_ATTRIBUTION}, HOT`,
  },
  'Esri.WorldStreetMap': {
    url: `${ESRI}/World_Street_Map/MapServer/tile/{z}/{y}/{x}`,
    attribution: 'Tiles &copy; Esri',
  },
  'Esri.WorldTopoMap': { url: `${ESRI}/World_Topo_Map/MapServer/tile/{z}/{y}/{x}`, attribution: 'Tiles &copy; Esri' },
  'CartoDB.Positron': {
    url: 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png',
    attribution: `${OSM_ATTRIBUTION} &copy; CARTO`,
    subdomains: 'abcd',
  },
};

/** The tiles to use: a custom URL (ThingsBoard's customProviderTileUrl, or tileUrl), else the provider. */
export function tileProvider(settings: Readonly<Record<string, unknown>>): TileProvider {
  for (const key of ['customProviderTileUrl', 'tileUrl']) {
    const url = settings[key];
    if (typeof url === 'string' && /^https?:\/\/.+\{z\}/.test(url)) return { url, attribution: '' };
  }
  const name = settings.mapProvider;
  return (typeof name === 'string' ? TILE_PROVIDERS[name] : undefined) ?? TILE_PROVIDERS['OpenStreetMap.Mapnik']!;
}

/** Where the image is drawn inside the box with `object-fit: contain` (markers sit on the image). */
export function containRect(boxW: number, boxH: number, imgW: number, imgH: number) {
  if (boxW <= 0 || boxH <= 0 || imgW <= 0 || imgH <= 0) return { left: 0, top: 0, width: boxW, height: boxH };
  const scale = Math.min(boxW / imgW, boxH / imgH);
  const width = imgW * scale;
  const height = imgH * scale;
  return { left: (boxW - width) / 2, top: (boxH - height) / 2, width, height };
}

/** A neutral floor plan drawn in SVG: the image map's picture until the author sets one. */
export const PLACEHOLDER_PLAN = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">',
    '<rect width="800" height="500" fill="#f4f6f8"/>',
    '<g fill="none" stroke="#90a4ae" stroke-width="6">',
    '<rect x="20" y="20" width="760" height="460"/>',
    '<path d="M300 20v180M300 260v220M300 300h200M560 300h220M560 300v60M560 420v60M20 240h200"/>',
    '</g>',
    '<g fill="#b0bec5" font-family="sans-serif" font-size="22" text-anchor="middle">',
    '<text x="160" y="130">Room A</text><text x="160" y="370">Room B</text>',
    '<text x="540" y="160">Hall</text><text x="400" y="400">Room C</text><text x="670" y="400">Room D</text>',
    '</g></svg>',
  ].join(''),
)}`;

/** The image URL setting when it is a web, root-relative or data-image address; else the placeholder. */
export function imageUrl(setting: unknown): string {
  return typeof setting === 'string' && /^(https?:\/\/|\/|data:image\/)/i.test(setting.trim())
    ? setting.trim()
    : PLACEHOLDER_PLAN;
}
