import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { healthModule, type HealthModuleOptions } from '@/modules/system/health/health.module';
import { emailConfigurationsModule } from '@/modules/system/email-configurations/email-configurations.module';
import { mailLogsModule } from '@/modules/system/mail-logs/mail-logs.module';
import { noticesModule } from '@/modules/system/notices/notices.module';
import { notificationsRoutes } from '@/modules/system/notifications/notifications.routes';
import { statisticsModule } from '@/modules/system/statistics/statistics.module';
import { statusRoutes } from '@/modules/system/status/status.routes';
import { webhooksModule } from '@/modules/system/webhooks/webhooks.module';

export interface SystemAreaOptions {
  /** Runs the webhook delivery worker (the server does; tests that deliver themselves do not). */
  deliverWebhooks?: boolean | undefined;
  /** What /readyz checks and /metrics reads beyond the database (app.ts). */
  health: HealthModuleOptions;
}

/**
 * How the console reports and is run: status channels, notifications, webhooks, notices, mail
 * (logs and SMTP configurations), statistics, and the instance's health and metrics. The status,
 * notification and webhook services themselves are in the module context, since every area
 * reports through them.
 */
export const systemArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  options: SystemAreaOptions,
) => {
  await app.register(statusRoutes, { statusService: context.status });
  await app.register(notificationsRoutes, { notificationsService: context.notifications });
  await webhooksModule(app, context, options);
  await noticesModule(app, context);
  await mailLogsModule(app, context);
  await emailConfigurationsModule(app, context);
  await app.register(statisticsModule, { db: context.db, now: context.now });
  await healthModule(app, context, options.health);
};
