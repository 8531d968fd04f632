import { mapSettingsSchema, successEnvelope } from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/map/settings: the tile layer (MAP_TILE_URL) the console's maps draw over their bundled
 * offline base layer. Public: the URL is handed to every browser that shows a map anyway, and the
 * SPA reads it like any other static setting.
 */
export const mapRoutes: FastifyPluginAsyncZod<{
  tileUrl: string | undefined;
  tileAttribution: string | undefined;
}> = async (app, { tileUrl, tileAttribution }) => {
  const data = { tile_url: tileUrl ?? null, tile_attribution: tileAttribution ?? null };
  app.get(
    '/api/map/settings',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['map'],
        summary: 'Map tile layer over the offline base layer (null: offline base layer only)',
        response: { 200: successEnvelope(mapSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data }),
  );
};
