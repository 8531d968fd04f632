import {
  createdWebhookSchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  listQuerySchema,
  successEnvelope,
  webhookBodySchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { StatusChannels, WebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const idParams = z.object({ id: idSchema });
const pageQuery = listQuerySchema.pick({ limit: true, offset: true });
const channelAnswer = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string() }),
});

export interface WebhooksRoutesOptions {
  webhooksService: WebhooksService;
  status: StatusChannels;
}

/** The caller's own webhooks; someone else's id answers 404 as if it did not exist. */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (
  app,
  { webhooksService, status },
) => {
  const config = { permission: 'manage_webhooks' } as const;
  // Test sends outlive their request; closing waits for them so none writes to a closed pool.
  const testsInFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(testsInFlight);
  });

  app.get(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Your webhooks',
        querystring: pageQuery,
        response: { 200: listEnvelope(webhookSchema) },
      },
    },
    async (request) => {
      const { data, total } = await webhooksService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Register a webhook; the answer carries its signing secret, shown only this once',
        body: webhookBodySchema,
        response: { 201: successEnvelope(createdWebhookSchema) },
      },
    },
    async (request, reply) => {
      const webhook = await webhooksService.create(requireAuth(request), request.body);
      return reply.status(201).send({ success: true as const, data: webhook });
    },
  );

  app.put(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change the URL, events or enabled state of a webhook',
        params: idParams,
        body: webhookBodySchema,
        response: { 200: successEnvelope(webhookSchema) },
      },
    },
    async (request) => {
      const webhook = await webhooksService.update(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, data: webhook };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a webhook and its delivery log',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await webhooksService.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: 'Delivery log of a webhook, newest first',
        params: idParams,
        querystring: pageQuery,
        response: { 200: listEnvelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const { data, total } = await webhooksService.deliveries(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary:
          'Send a test delivery; answers at once with a status channel that reports its outcome',
        params: idParams,
        response: { 200: channelAnswer },
      },
    },
    async (request) => {
      const { channel, done } = await webhooksService.startTest(
        requireAuth(request),
        request.params.id,
        status,
      );
      const tracked = done
        .catch((error: unknown) => request.log.error({ err: error }, 'webhook test send failed'))
        .finally(() => testsInFlight.delete(tracked));
      testsInFlight.add(tracked);
      return { success: true as const, meta: { channel } };
    },
  );
};
