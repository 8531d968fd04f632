import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createWebhookWorker } from './webhook-worker';
import { webhooksRoutes } from './webhooks.routes';

/** Webhooks: registration, test sends, the delivery log, and the worker that delivers. */
export const webhooksModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { deliverWebhooks }: { deliverWebhooks?: boolean | undefined },
) => {
  const { repository, service } = context.webhooks;
  await app.register(webhooksRoutes, { webhooksService: service, status: context.status });
  if (!deliverWebhooks) return;
  const worker = createWebhookWorker({
    webhooksRepository: repository,
    sender: service.sender,
    now: context.now,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  // Before the database closes: the deliveries in flight still record their outcome.
  app.addHook('preClose', () => worker.stop());
};
