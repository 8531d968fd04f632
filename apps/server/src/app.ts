import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { logSerializers } from './lib/log-serializers';
import type { AttemptStore } from './modules/identity/auth/login-limiter';
import { createModuleContext } from './modules/context';
import type { DeviceLink, GatewayListener } from './modules/fleet/device-gateway/gateway.port';
import type { HubRuntime } from '@netfleet/openvpn-hub';
import { automationArea } from './modules/automation/automation.area';
import { businessArea } from './modules/business/business.area';
import { fleetArea } from './modules/fleet/fleet.area';
import { identityArea } from './modules/identity/identity.area';
import type { MailTransport } from './modules/system/mail/mail.service';
import { organisationArea } from './modules/organisation/organisation.area';
import { remoteArea } from './modules/remote/remote.area';
import type { ReadinessCheck, ReadinessCheckName } from './modules/system/health/readiness';
import { trackRequestDurations } from './modules/system/health/request-durations';
import { systemArea } from './modules/system/system.area';
import type { WebhookEvents } from './modules/system/webhooks/webhook-events';
import { authPlugin } from './plugins/auth';
import type { Broker } from './plugins/broker';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { trackForegroundRequests } from './plugins/foreground-requests';
import { openapiPlugin } from './plugins/openapi';
import { realtimePlugin } from './plugins/realtime';
import { echoRequestIds, requestId } from './plugins/request-id';
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
  /** How often due alert actions (retries, followed deliveries) are looked for (tests shorten it). */
  alertActionSweepMs?: number;
  /** How often instances renew and rebalance the devices they evaluate (tests shorten it). */
  automationHeartbeatMs?: number;
  /**
   * Makes the OpenVPN supervisor VPN hubs run on (server.ts: `@netfleet/openvpn-hub` createHubSupervisor); the VPN
   * module closes it with the app. Without it hubs are configured but not run.
   */
  hubRuntime?: (log: FastifyBaseLogger) => HubRuntime;
  /** How often the instance running the hubs looks for changes made elsewhere (tests shorten it). */
  vpnHubReconcileMs?: number;
  /** Replace /readyz checks (tests make one fail). */
  readinessChecks?: Partial<Record<ReadinessCheckName, ReadinessCheck>>;
}

/**
 * Builds the instance: plugins first (auth before any route, so every route is recorded), then the
 * areas of the console, each registering its modules from the shared module context.
 */
export const buildApp = async (options: BuildAppOptions) => {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, serializers: logSerializers },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestId,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const context = createModuleContext(app, { ...options, now: options.now ?? (() => new Date()) });

  trackForegroundRequests(app);
  echoRequestIds(app);
  const requestDurations = trackRequestDurations(app);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin, { authService: context.auth.authService, now: context.now });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(realtimePlugin, {
    realtime: context.realtime,
    authService: context.auth.authService,
    statusChannels: context.status,
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.realtimeRecheckMs ? { recheckMs: options.realtimeRecheckMs } : {}),
  });

  await identityArea(app, context);
  const { companiesRepository } = await organisationArea(app, context);
  await systemArea(app, context, {
    deliverWebhooks: options.deliverWebhooks,
    health: {
      broker: options.broker,
      redis: options.redis,
      requestDurations,
      checks: options.readinessChecks,
    },
  });
  const fleet = await fleetArea(app, context, {
    companies: companiesRepository,
    broker: options.broker,
    deviceGateway: options.deviceGateway,
    deviceChangesIntervalMs: options.deviceChangesIntervalMs,
  });
  const { presence, requests, requestTunnel } = fleet;
  await remoteArea(app, context, {
    companies: companiesRepository,
    presence,
    requestTunnel,
    requests,
    redis: options.redis,
    jobs: fleet.jobs,
    hubRuntime: options.hubRuntime?.(app.log),
    reconcileIntervalMs: options.vpnHubReconcileMs,
    // Agents in hub mode host zones of VPN hubs: their jobs, liveness and reports.
    zoneHosting: {
      jobsRepository: fleet.jobsRepository,
      presence,
      addGatewayListener: fleet.addGatewayListener,
    },
  });

  const business = await businessArea(app, context, { companies: companiesRepository });

  await automationArea(app, context, {
    credits: business.credits,
    jobs: fleet.jobs,
    jobsRepository: fleet.jobsRepository,
    files: fleet.files,
    backups: fleet.backups,
    deviceFiles: fleet.deviceFiles,
    monitoring: fleet.monitoringSteps,
    companies: companiesRepository,
    addGatewayListener: fleet.addGatewayListener,
    alertActionSweepMs: options.alertActionSweepMs,
    redis: options.redis,
    automationHeartbeatMs: options.automationHeartbeatMs,
  });

  await app.register(spaPlugin, { webDist: config.webDist });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
