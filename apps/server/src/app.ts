import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { registerDeviceModules } from './app-devices';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createActionLogRepository } from './modules/action-log/action-log.repository';
import { createActionLogService } from './modules/action-log/action-log.service';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import {
  type AttemptStore,
  createLoginLimiter,
  createMemoryAttemptStore,
} from './modules/auth/login-limiter';
import { createSessionRepository } from './modules/auth/session.repository';
import { createSessionService, type RunInTransaction } from './modules/auth/session.service';
import { createImpersonationRepository } from './modules/impersonation/impersonation.repository';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { createImpersonationService } from './modules/impersonation/impersonation.service';
import { createEmailConfigurationsRepository } from './modules/email-configurations/email-configurations.repository';
import { emailConfigurationsRoutes } from './modules/email-configurations/email-configurations.routes';
import { createEmailConfigurationsService } from './modules/email-configurations/email-configurations.service';
import { createCompaniesRepository } from './modules/companies/companies.repository';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import type { DeviceLink, GatewayListener } from './modules/device-gateway/gateway.port';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailService, type MailTransport } from './modules/mail/mail.service';
import { createMailLogsRepository } from './modules/mail-logs/mail-logs.repository';
import { mailLogsRoutes } from './modules/mail-logs/mail-logs.routes';
import { createMailLogsService } from './modules/mail-logs/mail-logs.service';
import { createMfaLogin } from './modules/mfa/mfa-login';
import { createMfaRepository } from './modules/mfa/mfa.repository';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { createMfaService } from './modules/mfa/mfa.service';
import { createNoticesRepository } from './modules/notices/notices.repository';
import { noticesRoutes } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { passwordRoutes } from './modules/password/password.routes';
import { createPasswordService } from './modules/password/password.service';
import { createRolesRepository } from './modules/roles/roles.repository';
import { rolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { createStatusRepository } from './modules/status/status.repository';
import { statusRoutes } from './modules/status/status.routes';
import { createStatusService } from './modules/status/status.service';
import { createStorageRepository } from './modules/storage/storage.repository';
import { storageRoutes } from './modules/storage/storage.routes';
import { createStorageService } from './modules/storage/storage.service';
import { createTagsRepository } from './modules/tags/tags.repository';
import { tagsRoutes } from './modules/tags/tags.routes';
import { createTagsService } from './modules/tags/tags.service';
import { createTokensRepository } from './modules/tokens/tokens.repository';
import { tokensRoutes } from './modules/tokens/tokens.routes';
import { createTokensService } from './modules/tokens/tokens.service';
import type { WebhookEvents } from './modules/webhooks/webhook-events';
import { createWebhookWorker } from './modules/webhooks/webhook-worker';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { invitationAccountRoutes } from './modules/invitations/invitation-account.routes';
import { createInvitationRegistrationService } from './modules/invitations/invitation-registration.service';
import { createInvitationsRepository } from './modules/invitations/invitations.repository';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createSuppressedEmailsRepository } from './modules/users/suppressed-emails.repository';
import { createSuppressedEmailsService } from './modules/users/suppressed-emails.service';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { createUserMovesRepository } from './modules/users/user-moves.repository';
import { createUserMovesService } from './modules/users/user-moves.service';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { authPlugin } from './plugins/auth';
import type { Broker } from './plugins/broker';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { createRealtime, realtimePlugin } from './plugins/realtime';
import { spaPlugin } from './plugins/spa';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Shared by every instance; seeded into the settings table on first start. */
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Where failed logins are counted; in memory unless a shared store is given. */
  attemptStore?: AttemptStore;
  /** Sends mail instead of SMTP_URL's transport (tests read the messages it receives). */
  mailTransport?: MailTransport;
  /** REDIS_URL's client: socket.io events then reach the sockets of every instance. */
  redis?: Redis;
  /** Replaces the webhooks module as the receiver of status and notification events (tests). */
  webhooks?: WebhookEvents;
  /** Runs the webhook delivery worker: the server does; tests that send deliveries themselves do not. */
  deliverWebhooks?: boolean;
  /**
   * The MQTT broker devices connect to (server.ts: embedded or MQTT_URL). Without one there is no
   * device gateway (app.deviceGateway is null). The caller starts it after buildApp and closes it
   * before app.close(), which then flushes what the gateway buffered.
   */
  broker?: Broker;
  /** Stands in for the broker's gateway as the device jobs' link to devices (tests drive devices). */
  deviceGateway?: { link: DeviceLink; addListener(listener: GatewayListener): void };
  /** How often coalesced device changes go to the live device channels (tests shorten it). */
  deviceChangesIntervalMs?: number;
  /** How often sockets' live device channels are checked again (tests shorten it). */
  realtimeRecheckMs?: number;
}

/** Builds the instance: plugins first (auth before any route, so every route is recorded), then modules. */
export const buildApp = async (options: BuildAppOptions) => {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const transaction: RunInTransaction = (fn) => db.transaction(fn);
  const cookies = { secure: config.publicUrl.startsWith('https:') };

  const authRepository = createAuthRepository(db);
  const sessionRepository = createSessionRepository(db);
  const accessTokens = createAccessTokens(options.jwtSecret);
  const authService = createAuthService({ authRepository, sessionRepository, accessTokens, now });
  const sessionService = createSessionService({
    authRepository,
    sessionRepository,
    accessTokens,
    transaction,
    now,
  });
  const actionLog = createActionLogService({ actionLogRepository: createActionLogRepository(db) });
  const mail = createMailService({
    smtpUrl: config.smtpUrl,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    from: `netfleet <no-reply@${new URL(config.publicUrl).hostname}>`,
    mailRepository: createMailRepository(db),
  });
  const loginLimiter = createLoginLimiter(
    options.attemptStore ?? createMemoryAttemptStore(() => now().getTime()),
    () => now().getTime(),
  );
  const mfaRepository = createMfaRepository(db);
  const mfaService = createMfaService({ mfaRepository, mail, actionLog, transaction, now });
  const emailConfigurationsService = createEmailConfigurationsService({
    emailConfigurationsRepository: createEmailConfigurationsRepository(db),
    mail,
    actionLog,
  });
  const accountRepository = createAccountRepository(db);
  const accountService = createAccountService({
    accountRepository,
    authRepository,
    sessionService,
    loginLimiter,
    actionLog,
    mail,
    mfaLogin: createMfaLogin({ mfaRepository, mail, transaction, now }),
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const passwordService = createPasswordService({
    accountRepository,
    sessionRepository,
    loginLimiter,
    actionLog,
    transaction,
    now,
  });
  const impersonationService = createImpersonationService({
    impersonationRepository: createImpersonationRepository(db),
    authRepository,
    sessionRepository,
    sessionService,
    actionLog,
    transaction,
    mail,
    publicUrl: config.publicUrl,
    now,
  });
  const tokensService = createTokensService({
    tokensRepository: createTokensRepository(db),
    actionLog,
    now,
  });
  const storageService = createStorageService({ storageRepository: createStorageRepository(db) });
  const mailLogsService = createMailLogsService({
    mailLogsRepository: createMailLogsRepository(db),
  });
  const realtime = createRealtime();
  const webhooksRepository = createWebhooksRepository(db);
  const webhooksService = createWebhooksService({
    webhooksRepository,
    now,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
  });
  const webhookWorker = createWebhookWorker({
    webhooksRepository,
    sender: webhooksService.sender,
    now,
    log: app.log,
  });
  const webhooks = options.webhooks ?? webhooksService;
  const statusService = createStatusService({
    statusRepository: createStatusRepository(db),
    publisher: realtime.publisher,
    webhooks,
    now,
  });
  const noticesService = createNoticesService({
    noticesRepository: createNoticesRepository(db),
    publisher: realtime.publisher,
    now,
  });
  const notificationsService = createNotificationsService({
    notificationsRepository: createNotificationsRepository(db),
    publisher: realtime.publisher,
    webhooks,
    now,
  });
  const companiesRepository = createCompaniesRepository(db);
  const companiesService = createCompaniesService({
    companiesRepository,
    status: statusService,
    actionLog,
    transaction,
  });
  const tagsService = createTagsService({
    tagsRepository: createTagsRepository(db),
    companies: companiesRepository,
    actionLog,
  });
  const rolesService = createRolesService({
    rolesRepository: createRolesRepository(db),
    companies: companiesRepository,
    actionLog,
    transaction,
  });

  const usersRepository = createUsersRepository(db);
  const usersService = createUsersService({
    usersRepository,
    roles: rolesService,
    actionLog,
    transaction,
  });
  const userMovesService = createUserMovesService({
    usersRepository,
    userMovesRepository: createUserMovesRepository(db),
    roles: rolesService,
    actionLog,
    transaction,
  });
  const suppressedEmailsService = createSuppressedEmailsService({
    suppressedEmailsRepository: createSuppressedEmailsRepository(db),
    actionLog,
  });
  const invitationsRepository = createInvitationsRepository(db);
  const invitationsService = createInvitationsService({
    invitationsRepository,
    authRepository,
    roles: rolesService,
    mail,
    actionLog,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const invitationRegistrationService = createInvitationRegistrationService({
    invitationsRepository,
    authRepository,
    sessionService,
    notifications: notificationsService,
    actionLog,
    transaction,
    now,
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin, { authService, now });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(realtimePlugin, {
    realtime,
    authService,
    statusChannels: statusService,
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.realtimeRecheckMs ? { recheckMs: options.realtimeRecheckMs } : {}),
  });

  await app.register(accountRoutes, {
    accountService,
    sessionService,
    cookies,
    publicUrl: config.publicUrl,
  });
  await app.register(passwordRoutes, { passwordService });
  await app.register(impersonationRoutes, { impersonationService, cookies });
  await app.register(tokensRoutes, { tokensService });
  await app.register(storageRoutes, { storageService });
  await app.register(mailLogsRoutes, { mailLogsService });
  await app.register(statusRoutes, { statusService });
  await app.register(notificationsRoutes, { notificationsService });
  await app.register(webhooksRoutes, { webhooksService, status: statusService });
  await app.register(noticesRoutes, { noticesService });
  await app.register(companiesRoutes, { companiesService });
  await app.register(tagsRoutes, { tagsService });
  await app.register(rolesRoutes, { rolesService });
  await app.register(usersRoutes, { usersService, userMovesService });
  await app.register(userAdminRoutes, { usersService, suppressedEmailsService });
  await app.register(invitationsRoutes, { invitationsService });
  await app.register(invitationAccountRoutes, { invitationRegistrationService, cookies });
  await app.register(mfaRoutes, { mfaService });
  await app.register(emailConfigurationsRoutes, { emailConfigurationsService });
  await registerDeviceModules(app, {
    config,
    db,
    jwtSecret: options.jwtSecret,
    now,
    status: statusService,
    companies: companiesRepository,
    publisher: realtime.publisher,
    broker: options.broker,
    deviceGateway: options.deviceGateway,
    deviceChangesIntervalMs: options.deviceChangesIntervalMs,
  });

  await app.register(spaPlugin, { webDist: config.webDist });
  app.addHook('onClose', async () => mail.close());
  if (options.deliverWebhooks) {
    app.addHook('onReady', async () => webhookWorker.start());
    // Before the database closes: the deliveries in flight still record their outcome.
    app.addHook('preClose', () => webhookWorker.stop());
  }
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
