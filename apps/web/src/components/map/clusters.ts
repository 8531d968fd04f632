// Spec §3 clustering (gridSize 60, minimumClusterSize 2, zoomOnClick, averageCenter false) on
// supercluster. Pure: the Leaflet layer asks it for what to draw at a view, tests call it directly.
import Supercluster from 'supercluster';
import { CLUSTER_OPTIONS } from '@netfleet/contracts';

/** Leaflet's tile size: supercluster's radius is measured against this extent, in screen pixels. */
const TILE_SIZE = 256;
/** Leaflet's default deepest zoom; beyond it every point stands alone. */
export const MAX_CLUSTER_ZOOM = 18;

export interface MapPoint {
  /** Unique within the set (a timestamp, an id). */
  id: string;
  latitude: number;
  longitude: number;
  label: string;
}

interface PointProps {
  point: MapPoint;
}
interface ClusterProps {
  /** Where the cluster is drawn: one member's position, since averageCenter is false. */
  anchor: [longitude: number, latitude: number];
}

export type ClusterIndex = Supercluster<PointProps, ClusterProps>;

export type MapItem =
  | { kind: 'point'; point: MapPoint }
  | {
      kind: 'cluster';
      id: number;
      count: number;
      latitude: number;
      longitude: number;
      /** The zoom at which this cluster splits into smaller ones (zoomOnClick). */
      expansionZoom: number;
    };

export const CLUSTER_INDEX_OPTIONS = {
  radius: CLUSTER_OPTIONS.gridSize,
  extent: TILE_SIZE,
  minPoints: CLUSTER_OPTIONS.minimumClusterSize,
  maxZoom: MAX_CLUSTER_ZOOM,
} as const;

export function buildClusterIndex(points: readonly MapPoint[]): ClusterIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    ...CLUSTER_INDEX_OPTIONS,
    map: (props) => ({ anchor: [props.point.longitude, props.point.latitude] }),
    // averageCenter false: keep the anchor of the first member instead of averaging positions.
    reduce: () => undefined,
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
      properties: { point },
    })),
  );
  return index;
}

/** [west, south, east, north] in degrees, as Leaflet's bounds give them. */
export type BBox = [number, number, number, number];

/** What to draw in `bbox` at `zoom`: single points and clusters of at least two. */
export function itemsInView(index: ClusterIndex, bbox: BBox, zoom: number): MapItem[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature): MapItem => {
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const [longitude, latitude] = props.anchor;
      return {
        kind: 'cluster',
        id: props.cluster_id,
        count: props.point_count,
        latitude,
        longitude,
        expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), MAX_CLUSTER_ZOOM),
      };
    }
    return { kind: 'point', point: (props as PointProps).point };
  });
}

/** Spec §9 icon sizes 53-90 px by the count's number of digits, as the marker clusterer did. */
export function clusterIconSize(count: number): number {
  const sizes = CLUSTER_OPTIONS.iconSizes;
  const step = Math.min(String(Math.max(1, Math.trunc(count))).length, sizes.length) - 1;
  return sizes[step] ?? sizes[0];
}
