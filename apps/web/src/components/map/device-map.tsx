// The Leaflet map (loaded lazily with its CSS, see index.ts): the offline base layer, a tile
// layer when one is configured and reachable, the device's position and its clustered history.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { SHARED_TEXTS } from '@/components/texts';
import { countryShapes } from './base-layer';
import {
  buildClusterIndex,
  clusterIconSize,
  itemsInView,
  type MapItem,
  type MapPoint,
} from './clusters';
import { probeTiles } from './tile-probe';
import { tooltipText } from './tooltip-text';

export interface DeviceMapProps {
  /** Accessible name of the map region. */
  label: string;
  /** The device's own position, drawn apart from the history. */
  position: MapPoint | null;
  /** History positions, clustered per spec §3. */
  points: readonly MapPoint[];
  /** A {z}/{x}/{y} raster tile template (MAP_TILE_URL), used only when a probe tile loads. */
  tileUrl: string | null;
  tileAttribution: string | null;
  height?: number;
  /** While set, a click on the map picks that position (the cursor becomes a crosshair). */
  onPick?: (latitude: number, longitude: number) => void;
}

const WORLD_VIEW: L.LatLngExpression = [20, 0];
/** Fitting the view stops here: the bundled 1:110m outlines say nothing at street level. */
const FIT_MAX_ZOOM = 7;
const BASE_STYLE: L.PathOptions = {
  color: '#8c96a3',
  weight: 0.6,
  fillColor: '#dfe5ec',
  fillOpacity: 1,
};
const POINT_STYLE: L.CircleMarkerOptions = {
  radius: 5,
  color: '#1c7ed6',
  weight: 1,
  fillOpacity: 0.7,
};
const POSITION_STYLE: L.CircleMarkerOptions = {
  radius: 9,
  color: '#c92a2a',
  weight: 3,
  fillColor: '#fff',
  fillOpacity: 1,
};

function clusterIcon(count: number): L.DivIcon {
  const size = clusterIconSize(count);
  return L.divIcon({
    className: 'nf-map-cluster',
    iconSize: [size, size],
    html:
      `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;` +
      'background:rgba(28,126,214,.35);border:3px solid rgba(28,126,214,.8);text-align:center;' +
      `font-weight:600;color:#0b3d6e">${count}</div>`,
  });
}

function drawItem(map: L.Map, layer: L.LayerGroup, item: MapItem): void {
  if (item.kind === 'point') {
    L.circleMarker([item.point.latitude, item.point.longitude], POINT_STYLE)
      .bindTooltip(tooltipText(item.point.label))
      .addTo(layer);
    return;
  }
  const position: L.LatLngExpression = [item.latitude, item.longitude];
  L.marker(position, { icon: clusterIcon(item.count), title: SHARED_TEXTS.positions(item.count) })
    // zoomOnClick: open the cluster at the zoom where it splits.
    .on('click', () => map.setView(position, item.expansionZoom))
    .addTo(layer);
}

function fitAll(map: L.Map, position: MapPoint | null, points: readonly MapPoint[]): void {
  const all = position ? [...points, position] : points;
  if (all.length === 0) {
    map.setView(WORLD_VIEW, 2);
    return;
  }
  const bounds = L.latLngBounds(all.map((point) => [point.latitude, point.longitude]));
  map.fitBounds(bounds, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM });
}

export function DeviceMap({
  label,
  position,
  points,
  tileUrl,
  tileAttribution,
  height = 420,
  onPick,
}: DeviceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const baseRef = useRef<L.GeoJSON | null>(null);
  const index = useMemo(() => buildClusterIndex(points), [points]);

  useEffect(() => {
    if (!container.current) return undefined;
    const map = L.map(container.current, { worldCopyJump: true, minZoom: 1 });
    baseRef.current = L.geoJSON(countryShapes(), { style: BASE_STYLE, interactive: false }).addTo(
      map,
    );
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return undefined;
    let tiles: L.TileLayer | null = null;
    let cancelled = false;
    void probeTiles(tileUrl).then((reachable) => {
      if (!reachable || cancelled) return;
      tiles = L.tileLayer(tileUrl, { attribution: tileAttribution ?? '' }).addTo(map);
      baseRef.current?.remove();
    });
    return () => {
      cancelled = true;
      if (tiles) {
        tiles.remove();
        baseRef.current?.addTo(map);
      }
    };
  }, [tileUrl, tileAttribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return undefined;
    const layer = L.layerGroup().addTo(map);
    const redraw = () => {
      const bounds = map.getBounds();
      layer.clearLayers();
      const bbox: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-90, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(90, bounds.getNorth()),
      ];
      for (const item of itemsInView(index, bbox, map.getZoom())) drawItem(map, layer, item);
      if (position) {
        L.circleMarker([position.latitude, position.longitude], POSITION_STYLE)
          .bindTooltip(tooltipText(position.label))
          .addTo(layer);
      }
    };
    map.on('moveend', redraw);
    fitAll(map, position, points);
    redraw();
    return () => {
      map.off('moveend', redraw);
      layer.remove();
    };
  }, [index, points, position]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !onPick) return undefined;
    const pick = (event: L.LeafletMouseEvent) => {
      // A world copy east or west of the first one still means a real longitude.
      const { lat, lng } = event.latlng.wrap();
      onPick(lat, lng);
    };
    // Leaflet's own class: the crosshair also shows over the drawn points.
    const element = map.getContainer();
    element.classList.add('leaflet-crosshair');
    map.on('click', pick);
    return () => {
      map.off('click', pick);
      element.classList.remove('leaflet-crosshair');
    };
  }, [onPick]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={label}
      style={{ height, width: '100%', borderRadius: 4, background: '#b9d3ee' }}
    />
  );
}
