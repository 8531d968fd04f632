// A configured tile server is used only when it answers: offline installations keep the bundled
// base layer instead of a grey map full of broken tiles.

/** The world tile (zoom 0) of a {z}/{x}/{y} template, with subdomain 'a' and no retina suffix. */
export function probeTileUrl(template: string): string {
  return template
    .replaceAll('{s}', 'a')
    .replaceAll('{z}', '0')
    .replaceAll('{x}', '0')
    .replaceAll('{y}', '0')
    .replaceAll('{r}', '');
}

const PROBE_TIMEOUT_MS = 5000;

/** Loads one tile as an image; true when it arrives within the timeout. */
export function probeTiles(template: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(reachable: boolean) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(reachable);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = probeTileUrl(template);
  });
}
