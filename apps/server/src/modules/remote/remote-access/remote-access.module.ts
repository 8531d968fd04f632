import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '@/lib/crypto';
import type { ModuleContext } from '@/modules/context';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { SessionStore } from '@/modules/remote/connect/session-store.port';
import { createAccessRulesRepository } from './access-rules.repository';
import { accessRulesRoutes } from './access-rules.routes';
import { createAccessRulesService } from './access-rules.service';
import { createConnectLogsRepository } from './connect-logs.repository';
import { connectRoutes } from './connect.routes';
import { createConnectService } from './connect.service';
import { createCredentialsRepository } from './credentials.repository';
import { credentialsRoutes } from './credentials.routes';
import { createCredentialsService, type DeviceCredentials } from './credentials.service';
import {
  createRemoteDevicesRepository,
  type RemoteDevicesRepository,
} from './remote-devices.repository';
import { createLinkIssuer, createSessionUrls } from './session-urls';
import { createSessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService } from './sessions.service';

export interface RemoteAccessDeps {
  /**
   * The companies the caller sees. Devices, rules and sessions are scoped in SQL through the
   * device's company (db/company-scope), so nothing here needs it yet; the area hands it over.
   */
  companies: Pick<CompaniesRepository, 'isVisible'>;
  /** Whether devices are connected now, to any instance; sessions need them online. */
  presence: Presence;
}

/**
 * Remote access (RMS "device access"): access rules, the sessions opened to devices and their
 * LANs, the access history and users' saved device logins. Returns what the relays build on: the
 * session store (read and meter sessions) and the saved logins.
 */
export const remoteAccessModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: RemoteAccessDeps,
): Promise<{
  sessionStore: SessionStore;
  credentials: DeviceCredentials;
  devices: RemoteDevicesRepository;
}> => {
  const { config, db, now, status, actionLog } = context;
  const rulesRepository = createAccessRulesRepository(db);
  const sessionsRepository = createSessionsRepository(db);
  const devicesRepository = createRemoteDevicesRepository(db);
  const links = createLinkIssuer({
    urls: createSessionUrls(config.publicUrl, config.proxyDomain),
    setLaunchCode: (id, code, expiresAt) => sessionsRepository.setLaunchCode(id, code, expiresAt),
    now,
  });
  const common = { status, actionLog, now, presence: deps.presence };

  const rulesService = createAccessRulesService({
    rulesRepository,
    devicesRepository,
    sessionsRepository,
    status,
    actionLog,
    now,
  });
  const connectService = createConnectService({
    ...common,
    sessionsRepository,
    rulesRepository,
    devicesRepository,
    links,
  });
  const sessionsService = createSessionsService({
    ...common,
    sessionsRepository,
    logsRepository: createConnectLogsRepository(db, sessionsRepository.selectSessions),
    rulesRepository,
    devicesRepository,
    links,
  });
  const credentialsService = createCredentialsService({
    credentialsRepository: createCredentialsRepository(db),
    devicesRepository,
    // Its own key, derived from the server secret: a leaked database alone opens no login.
    box: createSecretBox(context.jwtSecret, 'device-credentials'),
    actionLog,
  });

  await app.register(accessRulesRoutes, { rulesService });
  await app.register(connectRoutes, { connectService });
  await app.register(sessionsRoutes, { sessionsService });
  await app.register(credentialsRoutes, { credentialsService });
  return {
    sessionStore: sessionsRepository.store,
    credentials: credentialsService.relays,
    devices: devicesRepository,
  };
};
