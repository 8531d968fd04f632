import type { FastifyInstance } from 'fastify';
import type { Config } from '@/config';
import type { Database } from '@/db/client';
import { createActionLogRepository } from '@/modules/system/action-log/action-log.repository';
import {
  type ActionLogService,
  createActionLogService,
} from '@/modules/system/action-log/action-log.service';
import { createAccessTokens } from '@/modules/identity/auth/access-token';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import { createAuthService } from '@/modules/identity/auth/auth.service';
import {
  type AttemptStore,
  createLoginLimiter,
  createMemoryAttemptStore,
} from '@/modules/identity/auth/login-limiter';
import { createSessionRepository } from '@/modules/identity/auth/session.repository';
import {
  createSessionService,
  type RunInTransaction,
} from '@/modules/identity/auth/session.service';
import { createMailRepository } from '@/modules/system/mail/mail.repository';
import { createMailService, type MailTransport } from '@/modules/system/mail/mail.service';
import { createNotificationsRepository } from '@/modules/system/notifications/notifications.repository';
import { createNotificationsService } from '@/modules/system/notifications/notifications.service';
import { createStatusRepository } from '@/modules/system/status/status.repository';
import { createStatusService } from '@/modules/system/status/status.service';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';
import { createWebhooksRepository } from '@/modules/system/webhooks/webhooks.repository';
import { createWebhooksService } from '@/modules/system/webhooks/webhooks.service';
import { createRealtime } from '@/plugins/realtime';

export interface ModuleContextOptions {
  config: Config;
  db: Database;
  jwtSecret: string;
  now: () => Date;
  attemptStore?: AttemptStore | undefined;
  mailTransport?: MailTransport | undefined;
  /** Stands in for the webhooks module as the receiver of status and notification events. */
  webhooks?: WebhookEvents | undefined;
}

/**
 * What every module may build on: configuration, the database, the clock, the action log, mail,
 * sessions, and the realtime channels (status channels, notifications, webhooks) through which
 * modules report to people and integrations. Each module builds its own repositories and services
 * from it; what modules share beyond this they hand over explicitly in the area that composes them.
 */
export const createModuleContext = (app: FastifyInstance, options: ModuleContextOptions) => {
  const { config, db, now } = options;
  const transaction: RunInTransaction = (fn) => db.transaction(fn);
  const actionLog: ActionLogService = createActionLogService({
    actionLogRepository: createActionLogRepository(db),
  });
  const mail = createMailService({
    smtpUrl: config.smtpUrl,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    from: `netfleet <no-reply@${new URL(config.publicUrl).hostname}>`,
    mailRepository: createMailRepository(db),
  });
  app.addHook('onClose', async () => mail.close());

  // Failed-attempt counts (sign-in, code activation): Redis when instances must share them.
  const attemptStore = options.attemptStore ?? createMemoryAttemptStore(() => now().getTime());
  const authRepository = createAuthRepository(db);
  const sessionRepository = createSessionRepository(db);
  const accessTokens = createAccessTokens(options.jwtSecret);
  const auth = {
    authRepository,
    sessionRepository,
    authService: createAuthService({ authRepository, sessionRepository, accessTokens, now }),
    sessionService: createSessionService({
      authRepository,
      sessionRepository,
      accessTokens,
      transaction,
      now,
    }),
    loginLimiter: createLoginLimiter(attemptStore, () => now().getTime()),
  };

  const realtime = createRealtime();
  const webhooksRepository = createWebhooksRepository(db);
  const webhooksService = createWebhooksService({
    webhooksRepository,
    now,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
  });
  const webhooks = options.webhooks ?? webhooksService;
  const status = createStatusService({
    statusRepository: createStatusRepository(db),
    publisher: realtime.publisher,
    webhooks,
    now,
  });
  const notifications = createNotificationsService({
    notificationsRepository: createNotificationsRepository(db),
    publisher: realtime.publisher,
    webhooks,
    now,
  });

  return {
    config,
    db,
    now,
    jwtSecret: options.jwtSecret,
    transaction,
    cookies: { secure: config.publicUrl.startsWith('https:') },
    actionLog,
    mail,
    auth,
    attemptStore,
    realtime,
    publisher: realtime.publisher,
    status,
    notifications,
    webhooks: { repository: webhooksRepository, service: webhooksService },
  };
};

export type ModuleContext = ReturnType<typeof createModuleContext>;
