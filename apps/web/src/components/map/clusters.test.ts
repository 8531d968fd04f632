import { describe, expect, it } from 'vitest';
import { CLUSTER_OPTIONS } from '@netfleet/contracts';
import {
  buildClusterIndex,
  CLUSTER_INDEX_OPTIONS,
  clusterIconSize,
  itemsInView,
  type BBox,
  type MapPoint,
} from './clusters';
import { probeTileUrl } from './tile-probe';

const WORLD: BBox = [-180, -90, 180, 90];
const point = (id: string, latitude: number, longitude: number): MapPoint => ({
  id,
  latitude,
  longitude,
  label: id,
});

// Three positions within a few hundred metres in Vilnius and one in Riga.
const POINTS = [
  point('a', 54.6872, 25.2797),
  point('b', 54.6875, 25.2801),
  point('c', 54.689, 25.282),
  point('riga', 56.9496, 24.1052),
];

describe('map clustering (spec §3 options)', () => {
  it('maps the spec options onto supercluster', () => {
    expect(CLUSTER_INDEX_OPTIONS).toMatchObject({
      radius: CLUSTER_OPTIONS.gridSize,
      minPoints: CLUSTER_OPTIONS.minimumClusterSize,
    });
  });

  it('clusters nearby positions when zoomed out and splits them on zoom', () => {
    const index = buildClusterIndex(POINTS);
    const far = itemsInView(index, WORLD, 5);
    const cluster = far.find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    expect(far.filter((item) => item.kind === 'point')).toEqual([
      { kind: 'point', point: POINTS[3] },
    ]);

    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(cluster.expansionZoom).toBeGreaterThan(5);
    const near = itemsInView(index, WORLD, 18);
    expect(near.every((item) => item.kind === 'point')).toBe(true);
    expect(near).toHaveLength(4);
  });

  it('keeps a lone position unclustered (minimumClusterSize 2)', () => {
    const items = itemsInView(buildClusterIndex([POINTS[0] as MapPoint]), WORLD, 0);
    expect(items).toEqual([{ kind: 'point', point: POINTS[0] }]);
  });

  it('draws a cluster at a member position, not the average (averageCenter false)', () => {
    const index = buildClusterIndex([point('west', 50, 10), point('east', 50, 10.5)]);
    const [cluster] = itemsInView(index, WORLD, 3);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2 });
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect([10, 10.5]).toContain(cluster.longitude);
    expect(cluster.latitude).toBe(50);
  });

  it('sizes cluster icons by the count’s digits (spec §9 icon sizes)', () => {
    expect(clusterIconSize(2)).toBe(53);
    expect(clusterIconSize(42)).toBe(56);
    expect(clusterIconSize(999)).toBe(66);
    expect(clusterIconSize(123_456)).toBe(90);
  });
});

describe('probeTileUrl', () => {
  it('asks for the zoom 0 world tile', () => {
    expect(probeTileUrl('https://{s}.tile.example/{z}/{x}/{y}{r}.png')).toBe(
      'https://a.tile.example/0/0/0.png',
    );
  });
});
