import { VPN_HUB_MESSAGES, VPN_HUB_ZONE_LOCAL } from '@netfleet/contracts';
import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '@/lib/crypto';
import type { ModuleContext } from '@/modules/context';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { createHubPki } from '@/modules/remote/vpn/runtime/hub-pki';
import type { HubPki, HubRuntime } from '@netfleet/openvpn-hub';
import { createAgentHubReports } from './agent-hub-reports';
import { createDeviceJoins } from './device-joins';
import { createHubAgentSpecs } from './hub-agent-specs';
import { createHubApplier, type OnHubStarted } from './hub-apply';
import { createHubCertificates } from './hub-certificates';
import { createHubClientsRepository } from './hub-clients.repository';
import { hubClientsRoutes } from './hub-clients.routes';
import { createHubClientsService } from './hub-clients.service';
import { createHubCreateService } from './hub-create.service';
import { hubDevicesRoutes } from './hub-devices.routes';
import { createHubDevicesService } from './hub-devices.service';
import { createHubEvents } from './hub-events';
import { createHubKeys } from './hub-keys';
import { createHubLogsRepository } from './hub-logs.repository';
import { hubLogsRoutes } from './hub-logs.routes';
import { createHubLogsService } from './hub-logs.service';
import { createHubNetworkRepository } from './hub-network.repository';
import { hubNetworkRoutes } from './hub-network.routes';
import { createHubNetworkService } from './hub-network.service';
import { hubProfilesRoutes } from './hub-profiles.routes';
import { createHubProfilesService } from './hub-profiles.service';
import { createHubReconcile } from './hub-reconcile';
import { createHubSweeper } from './hub-sweeper';
import { hubZonesRoutes } from './hub-zones.routes';
import { createHubZonesService } from './hub-zones.service';
import { createHubsRepository } from './hubs.repository';
import { hubsRoutes } from './hubs.routes';
import { createHubsService } from './hubs.service';
import { createProfileLinks } from './profile-links';
import { createVpnTargetsRepository } from './vpn-targets.repository';
import { createZoneHosting, type ZoneHostingDeps } from './zone-hosting';

export interface VpnDeps {
  /**
   * The OpenVPN supervisor of this host (`@netfleet/openvpn-hub` createHubSupervisor), made for this module, which
   * closes it (every hub stops) when the app closes. Without one, hubs are still made and
   * configured; their status says the host runs none (GET /api/vpn/hubs/host).
   */
  hubRuntime?: HubRuntime | undefined;
  jobs: Pick<DeviceJobsService, 'createJobs' | 'renderArgs' | 'dispatch'>;
  /** Zones hosted by agents in hub mode: their jobs, and the gateway that hears the agents. */
  zoneHosting: Omit<ZoneHostingDeps, 'jobs'> & {
    addGatewayListener(listener: GatewayListener): void;
  };
  /**
   * Called when a hub starts serving. VPN hubs are to count toward credits: the credits module
   * plugs in here (nothing is spent yet).
   */
  onHubStarted?: OnHubStarted | undefined;
  /** The hubs' PKI; the real one unless a test brings its own. */
  pki?: HubPki | undefined;
  /** How often schedules, expiries and session counters are swept (tests shorten it). */
  sweepIntervalMs?: number | undefined;
  /** How often the instance with the runtime looks for changes made elsewhere (tests shorten it). */
  reconcileIntervalMs?: number | undefined;
}

/**
 * VPN hubs (RMS "vpn"): OpenVPN servers on this host with a CA each, their clients (devices,
 * users, quick connect profiles), routes, DHCP options, sessions and usage. The database is the
 * truth; after each committed change the runtime is brought to it, one hub at a time.
 */
export const vpnModule = async (app: FastifyInstance, context: ModuleContext, deps: VpnDeps) => {
  const { config, db, now, status, actionLog, transaction } = context;
  const runtime = deps.hubRuntime ?? null;
  const hubsRepository = createHubsRepository(db);
  const clientsRepository = createHubClientsRepository(db);
  const networkRepository = createHubNetworkRepository(db);
  const logsRepository = createHubLogsRepository(db);
  const targetsRepository = createVpnTargetsRepository(db);
  // Its own key, derived from the server secret: a leaked database alone opens no hub.
  const box = createSecretBox(context.jwtSecret, 'vpn-hub-keys');
  const keys = createHubKeys({ pki: deps.pki ?? createHubPki(now), box });
  const certificates = createHubCertificates({ hubsRepository, clientsRepository, keys });
  const hosting = createZoneHosting(
    context,
    { ...deps.zoneHosting, jobs: deps.jobs },
    { hubsRepository, local: runtime },
  );
  const { runtimes, zonesRepository } = hosting;
  const applier = createHubApplier({
    runtimes,
    hubsRepository,
    clientsRepository,
    networkRepository,
    keys,
    status,
    now,
    log: app.log,
    onHubStarted: deps.onHubStarted,
  });
  const host = config.vpnHubHost;
  const joins = createDeviceJoins({
    hubsRepository,
    clientsRepository,
    networkRepository,
    keys,
    jobs: deps.jobs,
    hostOf: runtimes.hostOf,
  });
  // Join jobs store no key: the device's profile is made each time the job is sent.
  deps.jobs.renderArgs('vpn_join', joins.render);
  const portRange = { min: config.vpnHubPortMin, max: config.vpnHubPortMax };
  const common = { transaction, applier, status, actionLog, now };

  const hubsService = createHubsService({
    ...common,
    hubsRepository,
    clientsRepository,
    networkRepository,
    targetsRepository,
    joins,
    portRange,
    publicHost: host,
  });
  const createService = createHubCreateService({
    ...common,
    hubsRepository,
    zonesRepository,
    networkRepository,
    targetsRepository,
    keys,
    certificates,
    joins,
    portRange,
  });
  const clientsService = createHubClientsService({
    ...common,
    hubsRepository,
    clientsRepository,
    logsRepository,
    targetsRepository,
    certificates,
    joins,
  });
  const devicesService = createHubDevicesService({
    ...common,
    hubsRepository,
    clientsRepository,
    targetsRepository,
    certificates,
    joins,
  });
  const profilesService = createHubProfilesService({
    hubsRepository,
    clientsRepository,
    logsRepository,
    clients: clientsService,
    keys,
    links: createProfileLinks(context.jwtSecret, config.publicUrl),
    status,
    actionLog,
    now,
    hostOf: runtimes.hostOf,
  });
  const networkService = createHubNetworkService({
    ...common,
    hubsRepository,
    clientsRepository,
    networkRepository,
    logsRepository,
    joins,
  });
  const logsService = createHubLogsService({
    hubsRepository,
    clientsRepository,
    logsRepository,
    targetsRepository,
    applier,
    status,
    now,
  });

  await app.register(hubsRoutes, { hubsService, createService, logsService });
  await app.register(hubDevicesRoutes, { devicesService });
  await app.register(hubClientsRoutes, { clientsService });
  await app.register(hubProfilesRoutes, { profilesService });
  await app.register(hubNetworkRoutes, { networkService });
  await app.register(hubLogsRoutes, { logsService });

  const events = createHubEvents({
    local: runtime,
    runtimes,
    transaction,
    hubsRepository,
    clientsRepository,
    logsRepository,
    applier,
    now,
    log: app.log,
  });
  const reports = createAgentHubReports({
    zonesRepository,
    hubsRepository,
    statesRepository: hosting.statesRepository,
    agents: hosting.agents,
    events,
    transaction,
    onHubStarted: deps.onHubStarted,
    now,
    log: app.log,
  });
  deps.zoneHosting.addGatewayListener(reports);
  const zonesService = createHubZonesService({
    transaction,
    zonesRepository,
    hubsRepository,
    clientsRepository,
    runtimes,
    agents: hosting.agents,
    joins,
    presence: deps.zoneHosting.presence,
    lastHello: reports.lastHello,
    actionLog,
    now,
    localHost: host,
  });
  const agentSpecs = createHubAgentSpecs({
    links: hosting.links,
    hubsRepository,
    zonesRepository,
    clientsRepository,
    networkRepository,
    keys,
    now,
  });
  await app.register(hubZonesRoutes, { zonesService, agentSpecs });

  const sweeper = createHubSweeper(
    {
      transaction,
      hubsRepository,
      clientsRepository,
      certificates,
      applier,
      events,
      now,
      log: app.log,
    },
    deps.sweepIntervalMs,
  );
  // With several instances only the one with the runtime runs the hubs: it applies the others' changes.
  const reconcile = runtime
    ? createHubReconcile(
        {
          runtime,
          hubsRepository,
          clientsRepository,
          applier,
          zone: VPN_HUB_ZONE_LOCAL,
          now,
          log: app.log,
        },
        deps.reconcileIntervalMs,
      )
    : null;
  let unsubscribe: (() => void) | null = null;
  app.addHook('onReady', async () => {
    // Agents' hubs run on without the server: their agents' next hello or report says how.
    if (runtime) {
      unsubscribe = events.start();
      // Sessions of a previous process are over; this host's enabled hubs start again.
      await events.closeStale();
      await reconcile?.start();
      for (const id of await hubsRepository.enabledIds(VPN_HUB_ZONE_LOCAL)) {
        void applier.apply(id, VPN_HUB_MESSAGES.enabled);
      }
    }
    sweeper.start();
  });
  // Before the database closes: what is in flight finishes writing.
  app.addHook('preClose', async () => {
    unsubscribe?.();
    await sweeper.stop();
    await reconcile?.stop();
    await reports.idle();
    await applier.idle();
    await events.idle();
    await runtime?.close();
  });
  const control = {
    /** One sweep now (schedules, expiries, session counters). */
    sweep: () => sweeper.sweep(),
    /** Resolves once queued runtime work and recorded events are done. */
    idle: async () => {
      await reports.idle();
      await applier.idle();
      await events.idle();
      // What the events asked of the hosts (a client put off).
      await applier.idle();
    },
  };
  app.decorate('vpnHubs', control);
  return control;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The VPN hub module's clock-driven work, for tests and the CLI (vpnModule). */
    vpnHubs: { sweep(): Promise<void>; idle(): Promise<void> };
  }
}
