import {
  ERROR_CODES,
  type SetVpnClientAddressBody,
  VPN_CLIENT_MESSAGES,
  type VpnClientListQuery,
} from '@netfleet/contracts';
import { ApiError, conflict, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { DeviceJoins } from './device-joins';
import type { HubApplier } from './hub-apply';
import type { HubCertificates, NewClient } from './hub-certificates';
import type { ClientRow, HubClientsRepository } from './hub-clients.repository';
import { checkInHubCompany } from './hub-company';
import type { HubLogsRepository } from './hub-logs.repository';
import { checkRoom } from './hub-room';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';
import { allocateHost, contains, intToIp, ipToInt, isClientAddress, parseSubnet } from './subnets';
import { orConflict } from './unique-conflict';
import type { VpnTargetsRepository } from './vpn-targets.repository';
import { toVpnClient } from './vpn.mapper';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'find' | 'lockSecrets'>;
  clientsRepository: HubClientsRepository;
  logsRepository: Pick<HubLogsRepository, 'openSessionsOfClients'>;
  targetsRepository: Pick<VpnTargetsRepository, 'user'>;
  certificates: HubCertificates;
  joins: Pick<DeviceJoins, 'leave'>;
  applier: Pick<HubApplier, 'apply' | 'disconnect'>;
  status: Pick<StatusService, 'open'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

export const clientNotFound = (source: string | null = null) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_CLIENT_MESSAGES.notFound, source);

const later = (now: Date, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(now.getTime() + seconds * 1000);

/** A console user or a custom name (one of the two) joining, expiring after `expiresIn` seconds. */
export type PersonClient = { hubId: number; expiresIn?: number | undefined } & (
  { userId: number; username?: undefined } | { userId?: undefined; username: string }
);

/**
 * Hub clients in general (RMS "hub users"): listing them, console and custom users joining,
 * their addressing, switching them on and off, removing (revoking) them.
 */
export const createHubClientsService = (deps: Deps) => {
  const { clientsRepository, applier, now } = deps;

  const present = async (rows: readonly ClientRow[]) => {
    const sessions = await deps.logsRepository.openSessionsOfClients(rows.map((row) => row.id));
    const byClient = new Map(sessions.map((session) => [session.hubUserId, session]));
    return rows.map((row) => toVpnClient(row, byClient.get(row.id)));
  };

  const requireClient = async (auth: AuthContext, id: number) => {
    const row = await clientsRepository.find(auth, id);
    if (!row) throw clientNotFound();
    return row;
  };

  const get = async (auth: AuthContext, id: number) => {
    const [client] = await present([await requireClient(auth, id)]);
    if (!client) throw clientNotFound();
    return client;
  };

  const record = (
    auth: AuthContext,
    ip: string,
    action: 'vpn_client_add' | 'vpn_client_update' | 'vpn_client_remove',
    row: { hubId: number; id: number },
    details: Record<string, unknown>,
  ) =>
    deps.actionLog.record(actorOf(auth, ip), action, {
      entity: 'vpn_hub',
      entityId: row.hubId,
      details: { vpn_hub_user_id: row.id, ...details },
    });

  const applyAfter = async (auth: AuthContext, hubId: number, done: string) => {
    const channel = await deps.status.open(auth.user.id);
    void applier.apply(hubId, done, { channel });
    return channel;
  };

  return {
    get,

    async list(auth: AuthContext, query: VpnClientListQuery) {
      const { rows, total } = await clientsRepository.list(auth, query);
      return { data: await present(rows), total };
    },

    async listOfHub(
      auth: AuthContext,
      hubId: number,
      query: Omit<VpnClientListQuery, 'vpn_hub_id'>,
    ) {
      if (!(await deps.hubsRepository.find(auth, hubId))) throw hubNotFound();
      const { rows, total } = await clientsRepository.list(auth, { ...query, vpn_hub_id: [hubId] });
      return { data: await present(rows), total };
    },

    /** A console user (`user-<id>`) or a custom user (`custom-<name>`) joins the hub. */
    async addPerson(auth: AuthContext, person: PersonClient, ip: string) {
      const hub = await deps.hubsRepository.find(auth, person.hubId);
      if (!hub) throw hubNotFound('vpn_hub_id');
      let client: NewClient;
      if (person.userId !== undefined) {
        const user = await deps.targetsRepository.user(auth, person.userId);
        if (!user) {
          throw new ApiError(
            404,
            ERROR_CODES.NOT_FOUND,
            VPN_CLIENT_MESSAGES.userNotFound,
            'user_id',
          );
        }
        // Another user must belong to the hub's company subtree. The caller may always join a hub
        // they manage (quick connect: a parent company's admin reaching a subsidiary's devices).
        if (user.id !== auth.user.id) {
          checkInHubCompany(hub, user, VPN_CLIENT_MESSAGES.userOutsideHubCompany, 'user_id');
        }
        client = { type: 'rms_user', userId: user.id, commonName: `user-${user.id}` };
      } else {
        client = {
          type: 'custom_user',
          username: person.username,
          commonName: `custom-${person.username}`,
        };
      }
      const source = person.userId !== undefined ? 'user_id' : 'username';
      const clients = await clientsRepository.ofHub(hub.id);
      if (clients.some((other) => other.commonName === client.commonName)) {
        throw conflict(VPN_CLIENT_MESSAGES.alreadyClient, source);
      }
      checkRoom(hub, clients.length + 1, source);
      const issuing = deps.transaction((tx) =>
        deps.certificates.issueOne(tx, hub.id, {
          ...client,
          expiresAt: later(now(), person.expiresIn),
          createdBy: auth.user.id,
        }),
      );
      const id = await orConflict(issuing, VPN_CLIENT_MESSAGES.alreadyClient, source);
      await record(auth, ip, 'vpn_client_add', { hubId: hub.id, id }, { name: client.commonName });
      const channel = await applyAfter(auth, hub.id, VPN_CLIENT_MESSAGES.added);
      return { channel, data: await get(auth, id) };
    },

    /** Fixed or pooled addressing; static without an address takes the first free one. */
    async setAddress(auth: AuthContext, id: number, body: SetVpnClientAddressBody, ip: string) {
      const row = await requireClient(auth, id);
      await deps.transaction(async (tx) => {
        // The hub row's lock keeps two clients from taking one address at once.
        const hub = await deps.hubsRepository.lockSecrets(row.hubId, tx);
        const subnet = hub && parseSubnet(hub.network, hub.netmask);
        if (!subnet?.ok) throw clientNotFound();
        if (body.mode === 'dhcp') {
          return clientsRepository.update(id, { ipMode: 'dhcp', ip: null }, tx);
        }
        const taken = new Set(
          (await clientsRepository.takenIps(row.hubId, id, tx)).flatMap((t) => ipToInt(t) ?? []),
        );
        const wanted =
          body.ip_address === undefined
            ? allocateHost(subnet.cidr, taken)
            : ipToInt(body.ip_address);
        if (wanted === null) throw invalid(VPN_CLIENT_MESSAGES.noFreeAddress, 'ip_address');
        if (!isClientAddress(subnet.cidr, wanted)) {
          throw invalid(
            contains(subnet.cidr, wanted)
              ? VPN_CLIENT_MESSAGES.ipReserved
              : VPN_CLIENT_MESSAGES.ipOutsideSubnet,
            'ip_address',
          );
        }
        if (taken.has(wanted)) throw invalid(VPN_CLIENT_MESSAGES.ipTaken, 'ip_address');
        return clientsRepository.update(id, { ipMode: 'static', ip: intToIp(wanted) }, tx);
      });
      await record(auth, ip, 'vpn_client_update', row, { ...body });
      const channel = await applyAfter(auth, row.hubId, VPN_CLIENT_MESSAGES.updated);
      // The address is given when the client connects: it reconnects to take the new one.
      void applier.disconnect(row.hubId, [row.commonName]);
      return { channel, data: await get(auth, id) };
    },

    async toggle(auth: AuthContext, id: number, enabled: boolean, ip: string) {
      const row = await requireClient(auth, id);
      await clientsRepository.update(id, { enabled });
      await record(auth, ip, 'vpn_client_update', row, { enabled });
      const channel = await applyAfter(auth, row.hubId, VPN_CLIENT_MESSAGES.updated);
      if (!enabled) void applier.disconnect(row.hubId, [row.commonName]);
      return { channel, data: await get(auth, id) };
    },

    /** Revokes the client: the CRL lists it, its session ends, a device is told to leave. */
    async remove(auth: AuthContext, id: number, ip: string) {
      const row = await requireClient(auth, id);
      await deps.transaction((tx) => deps.certificates.revoke(tx, row.hubId, [id], now()));
      await record(auth, ip, 'vpn_client_remove', row, { name: row.commonName });
      const channel = await applyAfter(auth, row.hubId, VPN_CLIENT_MESSAGES.removed);
      void applier.disconnect(row.hubId, [row.commonName]);
      if (row.deviceId !== null) await deps.joins.leave(auth, row.hubId, [row.deviceId]);
      return { channel };
    },
  };
};

export type HubClientsService = ReturnType<typeof createHubClientsService>;
