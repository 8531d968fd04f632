import { z } from 'zod';

// Map settings the console reads at runtime (GET /map/settings). The base layer is always the
// bundled offline one; a raster tile layer is added on top only when the server names one.

/** A tile URL template with {z}, {x} and {y} (and optionally {s}), e.g. https://tile.example/{z}/{x}/{y}.png. */
export const TILE_URL_PATTERN = /^https?:\/\/\S+$/;
export const TILE_URL_PLACEHOLDERS = ['{z}', '{x}', '{y}'] as const;

export const tileUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(TILE_URL_PATTERN, 'must be an http(s) URL')
  .refine(
    (url) => TILE_URL_PLACEHOLDERS.every((placeholder) => url.includes(placeholder)),
    'must contain {z}, {x} and {y}',
  );

export const mapSettingsSchema = z.object({
  /** Raster tiles to draw over the offline base layer; null when none is configured. */
  tile_url: tileUrlSchema.nullable(),
  /** Credit line the tile provider requires (shown in the map corner). */
  tile_attribution: z.string().max(500).nullable(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
