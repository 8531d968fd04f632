// The offline base layer: Natural Earth country outlines (world-atlas 110m) bundled with the map
// chunk, so a map renders without any tile server or network access.
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

type Countries = Topology<{ countries: GeometryCollection }>;

let cached: FeatureCollection<Geometry> | null = null;

export function countryShapes(): FeatureCollection<Geometry> {
  cached ??= feature(
    countries110m as unknown as Countries,
    (countries110m as unknown as Countries).objects.countries,
  ) as FeatureCollection<Geometry>;
  return cached;
}
