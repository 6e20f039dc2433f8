import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import DOMPurify from 'dompurify';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { boolSetting, numSetting, optionalNumSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetContext, WidgetProps } from '../widget-types';
import {
  escapeHtml,
  labelText,
  markerBounds,
  markersFromSeries,
  markerSetKey,
  parseCenter,
  tileProvider,
  tooltipHtml,
  type MapMarker,
} from './map-model';

interface Look {
  color: string | null;
  showLabel: boolean;
  label: string;
  showTooltip: boolean;
  tooltip: string;
  interactive: boolean;
}

/**
 * maps_v2.openstreetmap: a Leaflet map with one circle marker per entity (latitude/longitude keys).
 * The map is created once; markers move in place as values arrive, and the view fits the markers
 * only when the set of entities changes, so a user's pan or zoom is not undone by every update.
 * Circle markers need no icon images (Leaflet's default icon breaks under bundlers).
 */
export function OpenStreetMapWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const s = ctx.settings;
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const drawn = useRef(new Map<string, L.CircleMarker>());
  const fitted = useRef<string | null>(null);
  const ctxRef = useRef<WidgetContext>(ctx);
  ctxRef.current = ctx;

  const latKey = strSetting(s, 'latKeyName', 'latitude');
  const lngKey = strSetting(s, 'lngKeyName', 'longitude');
  const markers = useMemo(
    () =>
      markersFromSeries(
        ctx.data.series,
        latKey,
        lngKey,
        'geo',
        optionalNumSetting(s, 'decimals'),
        strSetting(s, 'units', ''),
      ),
    [ctx.data.series, latKey, lngKey, s],
  );
  const provider = tileProvider(s);
  const center = parseCenter(strSetting(s, 'defaultCenterPosition', '0,0'));
  const zoom = Math.min(20, Math.max(1, numSetting(s, 'defaultZoomLevel', 8)));
  const fit = boolSetting(s, 'fitMapBounds', true);
  const scrollZoom = !boolSetting(s, 'disableScrollZooming', false);
  const look: Look = {
    color: typeof s.markerColor === 'string' && s.markerColor !== '' ? s.markerColor : null,
    showLabel: boolSetting(s, 'showLabel', true),
    label: strSetting(s, 'label', '${entityName}'),
    showTooltip: boolSetting(s, 'showTooltip', true),
    tooltip: strSetting(s, 'tooltipPattern', '<b>${entityName}</b>'),
    interactive: boolSetting(s, 'showTooltip', true) || ctx.hasAction('markerClick'),
  };
  const lookKey = JSON.stringify(look);

  // The map itself: once per mount.
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { center, zoom, attributionControl: true, zoomControl: true });
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    const markersDrawn = drawn.current;
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
      markersDrawn.clear();
      fitted.current = null;
    };
    // Centre and zoom are only the starting view; later changes go through fitting below.
  }, []);

  // Tiles: swapped when the provider changes. Offline, tiles fail quietly and markers still show.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const tiles = L.tileLayer(provider.url, {
      attribution: provider.attribution,
      maxZoom: 19,
      ...(provider.subdomains ? { subdomains: provider.subdomains } : {}),
    }).addTo(m);
    return () => {
      tiles.remove();
    };
  }, [provider.url, provider.attribution, provider.subdomains]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (scrollZoom) m.scrollWheelZoom.enable();
    else m.scrollWheelZoom.disable();
  }, [scrollZoom]);

  // Markers: moved and restyled in place; re-created only when their interactivity changes.
  const lastLook = useRef<string | null>(null);
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    if (lastLook.current !== lookKey) {
      group.clearLayers();
      drawn.current.clear();
      lastLook.current = lookKey;
    }
    const seen = new Set<string>();
    for (const marker of markers) {
      seen.add(marker.id);
      let cm = drawn.current.get(marker.id);
      if (!cm) {
        cm = L.circleMarker([marker.a, marker.b], { radius: 8, weight: 2, interactive: look.interactive });
        cm.on('click', () => {
          const c = ctxRef.current;
          if (!c.editing) c.action('markerClick', markerEntity(cm));
        });
        cm.addTo(group);
        drawn.current.set(marker.id, cm);
      } else {
        cm.setLatLng([marker.a, marker.b]);
      }
      updateMarker(cm, marker, look, theme.palette.background.paper);
    }
    for (const [id, cm] of drawn.current) {
      if (!seen.has(id)) {
        cm.remove();
        drawn.current.delete(id);
      }
    }
    // look is derived from lookKey.
  }, [markers, lookKey, theme.palette.background.paper]);

  // Fit the view when the set of markers changes (a new entity), not when one moves.
  const setKey = markerSetKey(markers);
  useEffect(() => {
    const m = map.current;
    if (!m || !fit || fitted.current === setKey) return;
    const bounds = markerBounds(markers);
    if (!bounds) return;
    fitted.current = setKey;
    if (markers.length === 1) m.setView([bounds[0][0], bounds[0][1]], zoom);
    else m.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    // markers are read for the new set only.
  }, [setKey, fit, zoom]);

  // Leaflet measures its box itself: tell it when the widget is resized.
  useEffect(() => {
    map.current?.invalidateSize();
  }, [ctx.width, ctx.height]);

  return (
    // A stacking context of its own, so Leaflet's high z-indexes stay under app dialogs and menus.
    <Box sx={{ position: 'relative', zIndex: 0, width: '100%', height: '100%', minHeight: 0 }}>
      <Box
        ref={el}
        data-testid="osm-map"
        sx={{ position: 'absolute', inset: 0, bgcolor: theme.palette.action.hover, borderRadius: 0.5 }}
      />
      {ctx.data.error ? (
        <Box sx={{ position: 'absolute', inset: 0, zIndex: 1000, bgcolor: 'background.paper', opacity: 0.9 }}>
          <WidgetMessage text={ctx.data.error} />
        </Box>
      ) : null}
    </Box>
  );
}

const ENTITY = Symbol('entity');
type Tagged = L.CircleMarker & { [ENTITY]?: MapMarker['entity'] };
const markerEntity = (cm: L.CircleMarker | undefined) => (cm as Tagged | undefined)?.[ENTITY] ?? null;

function updateMarker(cm: L.CircleMarker, marker: MapMarker, look: Look, outline: string) {
  (cm as Tagged)[ENTITY] = marker.entity;
  const color = look.color ?? marker.color;
  cm.setStyle({ color: outline, fillColor: color, fillOpacity: 0.9, weight: 2 });
  if (look.showLabel) {
    // Leaflet treats tooltip strings as HTML: the label is plain text, escaped.
    const text = escapeHtml(labelText(look.label, marker));
    if (cm.getTooltip()) cm.setTooltipContent(text);
    else cm.bindTooltip(text, { permanent: true, direction: 'top', offset: [0, -8], className: 'sapo-map-label' });
  } else if (cm.getTooltip()) {
    cm.unbindTooltip();
  }
  if (look.showTooltip) {
    const html = DOMPurify.sanitize(tooltipHtml(look.tooltip, marker));
    if (cm.getPopup()) cm.setPopupContent(html);
    else cm.bindPopup(html, { closeButton: true });
  } else if (cm.getPopup()) {
    cm.unbindPopup();
  }
}
