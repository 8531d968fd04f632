import { statusChannelSchema, successEnvelope } from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { StatusService } from './status.service';

const tags = ['status'];
// Any string: a malformed id is as unknown as an expired one (CHANNEL_NOT_FOUND, as in RMS).
const channelParams = z.object({ channel: z.string().max(200) });

export const statusRoutes: FastifyPluginAsyncZod<{ statusService: StatusService }> = async (
  app,
  { statusService },
) => {
  app.get(
    '/api/status/channel/:channel',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The updates of an asynchronous operation so far, keyed by item',
        description:
          'Only the user who started the operation can read its channel; unknown, expired and ' +
          "other users' channels answer 404 CHANNEL_NOT_FOUND.",
        params: channelParams,
        response: { 200: successEnvelope(statusChannelSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await statusService.read(requireAuth(request).user.id, request.params.channel),
    }),
  );
};
