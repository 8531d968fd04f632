import {
  ERROR_CODES,
  profileFileName,
  type QuickConnectBody,
  toApiDate,
  toApiDateOrNull,
  VPN_CLIENT_MESSAGES,
  VPN_PROFILE_DEFAULT_SECONDS,
  type VpnProfile,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import { clientProfile } from './client-profile';
import type { ClientSecretsRow, HubClientsRepository } from './hub-clients.repository';
import { clientNotFound, type HubClientsService } from './hub-clients.service';
import type { HubKeys } from './hub-keys';
import type { HubLogsRepository, Page } from './hub-logs.repository';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';
import type { ProfileLinks } from './profile-links';

interface Deps {
  hubsRepository: Pick<HubsRepository, 'find' | 'secretsOf'>;
  clientsRepository: Pick<HubClientsRepository, 'find' | 'findMany' | 'secretsOf' | 'ofHub'>;
  logsRepository: Pick<HubLogsRepository, 'insertDownload' | 'downloads'>;
  clients: Pick<HubClientsService, 'addPerson'>;
  keys: HubKeys;
  links: ProfileLinks;
  status: Pick<StatusService, 'open' | 'publish'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
  /** What the clients of the zone's hubs dial. */
  hostOf(zone: string): Promise<string>;
}

interface Downloader {
  userId: number | null;
  ip: string;
}

interface Prepared {
  client: ClientSecretsRow;
  hub: NonNullable<Awaited<ReturnType<HubsRepository['secretsOf']>>>;
  content: string;
}

const linkNotFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, 'Profile not found');

/**
 * Client profiles (quick connect): a user's or custom user's complete `.ovpn`, handed out to the
 * console, through RMS's config operations and through a sign-in-free link. Every hand-out is
 * recorded (who, when, from where). A device's profile only ever goes to the device.
 */
export const createHubProfilesService = (deps: Deps) => {
  const { clientsRepository, logsRepository, now } = deps;

  /**
   * The profile of a valid, unexpired person client, made but not handed out yet: everything that
   * can refuse it is checked here, so a request for several refuses before recording any.
   */
  const prepare = async (
    client: ClientSecretsRow,
    source: string | null = null,
  ): Promise<Prepared> => {
    if (client.revokedAt)
      throw new ApiError(409, ERROR_CODES.CONFLICT, VPN_CLIENT_MESSAGES.revoked, source);
    if (client.expiresAt && client.expiresAt.getTime() <= now().getTime()) {
      throw new ApiError(409, ERROR_CODES.CONFLICT, VPN_CLIENT_MESSAGES.expired, source);
    }
    if (client.type === 'device') throw invalid(VPN_CLIENT_MESSAGES.deviceProfile, source);
    const hub = await deps.hubsRepository.secretsOf(client.hubId);
    if (!hub) throw hubNotFound(source);
    const content = clientProfile({
      hub,
      opened: deps.keys.open(hub),
      client: { cert: client.cert, key: deps.keys.openKey(client.keySealed) },
      host: await deps.hostOf(hub.hubZone),
    });
    return { client, hub, content };
  };

  /** Hands a prepared profile out: the download is recorded. */
  const deliver = async (
    { client, hub, content }: Prepared,
    by: Downloader,
  ): Promise<VpnProfile> => {
    await logsRepository.insertDownload({
      hubId: hub.id,
      hubUserId: client.id,
      userId: by.userId,
      ip: by.ip,
      via: by.userId === null ? 'link' : 'console',
    });
    return {
      vpn_hub_user_id: client.id,
      vpn_hub_id: hub.id,
      name: client.username ?? client.commonName,
      file_name: profileFileName(hub.name, client.username ?? client.commonName),
      content,
      download_url: deps.links.url(client.id, client.serial),
      expires_at: toApiDateOrNull(client.expiresAt),
    };
  };

  const handOut = async (client: ClientSecretsRow, by: Downloader) =>
    deliver(await prepare(client), by);

  const recordDownload = (auth: AuthContext, ip: string, profile: VpnProfile) =>
    deps.actionLog.record(actorOf(auth, ip), 'vpn_profile_download', {
      entity: 'vpn_hub',
      entityId: profile.vpn_hub_id,
      details: { vpn_hub_user_id: profile.vpn_hub_user_id },
    });

  /** Hands a prepared profile to the signed-in caller: the download and the action are recorded. */
  const deliverTo = async (auth: AuthContext, ip: string, prepared: Prepared) => {
    const profile = await deliver(prepared, { userId: auth.user.id, ip });
    await recordDownload(auth, ip, profile);
    return profile;
  };

  /** A client the caller sees, with its secrets; 404 naming `source` otherwise. */
  const secretsOf = async (auth: AuthContext, clientId: number, source: string | null = null) => {
    if (!(await clientsRepository.find(auth, clientId))) throw clientNotFound(source);
    const secrets = await clientsRepository.secretsOf(clientId);
    if (!secrets) throw clientNotFound(source);
    return secrets;
  };

  /** One client's profile for the console, by the signed-in caller. */
  const profileOf = async (auth: AuthContext, clientId: number, ip: string) =>
    deliverTo(auth, ip, await prepare(await secretsOf(auth, clientId)));

  /** Profiles answered the RMS way: `{id, name, content}`, and a channel with one update each. */
  const asConfigs = async (auth: AuthContext, profiles: readonly VpnProfile[]) => {
    const channel = await deps.status.open(auth.user.id);
    for (const profile of profiles) {
      await deps.status.publish(channel, String(profile.vpn_hub_user_id), {
        status: 'completed',
        value: profile.file_name,
      });
    }
    const data = profiles.map((p) => ({
      id: p.vpn_hub_user_id,
      name: p.file_name,
      content: p.content,
    }));
    return { channel, data };
  };

  return {
    profileOf,

    /** RMS GET /vpn/hubs/users/config: these clients' profiles; all or none. */
    async configs(auth: AuthContext, clientIds: readonly number[], ip: string) {
      const found = new Set((await clientsRepository.findMany(auth, clientIds)).map((c) => c.id));
      const index = clientIds.findIndex((id) => !found.has(id));
      if (index >= 0) {
        throw new ApiError(
          404,
          ERROR_CODES.NOT_FOUND,
          VPN_CLIENT_MESSAGES.notFound,
          `vpn_hub_users.${index}`,
        );
      }
      // Every profile is checked (type, expiry, revocation, scope) before any is handed out or
      // recorded: a refusal hands out nothing.
      const prepared: Prepared[] = [];
      for (const id of new Set(clientIds)) {
        const source = `vpn_hub_users.${clientIds.indexOf(id)}`;
        prepared.push(await prepare(await secretsOf(auth, id, source), source));
      }
      const profiles: VpnProfile[] = [];
      for (const one of prepared) profiles.push(await deliverTo(auth, ip, one));
      return asConfigs(auth, profiles);
    },

    /** A new profile on the hub for a user (the caller by default) or a custom name. */
    async quickConnect(auth: AuthContext, hubId: number, body: QuickConnectBody, ip: string) {
      const person =
        body.username === undefined
          ? { userId: body.user_id ?? auth.user.id }
          : { username: body.username };
      const { data } = await deps.clients.addPerson(
        auth,
        { hubId, expiresIn: body.expires_in, ...person },
        ip,
      );
      return profileOf(auth, data.id, ip);
    },

    /** RMS GET /vpn/quick-hubs/{id}/users/config: the caller's profile, made on first request. */
    async ownQuickConfig(auth: AuthContext, hubId: number, ip: string) {
      const hub = await deps.hubsRepository.find(auth, hubId);
      if (!hub) throw hubNotFound();
      const own = (await clientsRepository.ofHub(hubId)).find((c) => c.userId === auth.user.id);
      const id =
        own?.id ??
        (
          await deps.clients.addPerson(
            auth,
            { hubId, userId: auth.user.id, expiresIn: VPN_PROFILE_DEFAULT_SECONDS },
            ip,
          )
        ).data.id;
      return asConfigs(auth, [await profileOf(auth, id, ip)]);
    },

    /** The sign-in-free link: its token must match the client's current certificate. */
    async byLink(clientId: number, token: string, ip: string) {
      const client = await clientsRepository.secretsOf(clientId);
      if (!client || !deps.links.verify(clientId, client.serial, token)) throw linkNotFound();
      if (client.type === 'device') throw linkNotFound();
      return handOut(client, { userId: null, ip });
    },

    async downloads(auth: AuthContext, hubId: number, page: Page, hubUserId?: number) {
      if (!(await deps.hubsRepository.find(auth, hubId))) throw hubNotFound();
      const { rows, total } = await logsRepository.downloads(hubId, page, hubUserId);
      return {
        total,
        data: rows.map((row) => ({
          id: row.download.id,
          vpn_hub_id: row.download.hubId,
          vpn_hub_user_id: row.download.hubUserId,
          client_name: row.clientName,
          user_id: row.download.userId,
          user_email: row.userEmail,
          ip: row.download.ip,
          via: row.download.via,
          downloaded_at: toApiDate(row.download.createdAt),
        })),
      };
    },
  };
};

export type HubProfilesService = ReturnType<typeof createHubProfilesService>;
