import {
  ERROR_CODES,
  type ToggleVpnHubBody,
  type UpdateVpnHubBody,
  VPN_HUB_MESSAGES,
  VPN_HUB_ZONES,
  type VpnHub,
  type VpnHubListQuery,
  type VpnHubSettingsBody,
} from '@netfleet/contracts';
import { ApiError, conflict } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { DeviceJoins } from './device-joins';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import { checkInHubCompany } from './hub-company';
import type { HubNetworkRepository } from './hub-network.repository';
import { resolveTunnel } from './hub-tunnel';
import type { HubRow, HubsRepository } from './hubs.repository';
import type { VpnTargetsRepository } from './vpn-targets.repository';
import { orConflict } from './unique-conflict';
import { toVpnHub } from './vpn.mapper';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: HubsRepository;
  clientsRepository: Pick<HubClientsRepository, 'ofHub'>;
  networkRepository: Pick<HubNetworkRepository, 'routesOfHub'>;
  targetsRepository: Pick<VpnTargetsRepository, 'tags'>;
  joins: Pick<DeviceJoins, 'join' | 'leave'>;
  applier: Pick<HubApplier, 'apply' | 'remove' | 'statusOf' | 'hostAvailability'>;
  status: Pick<StatusService, 'open'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
  portRange: { min: number; max: number };
  publicHost: string;
}

export const hubNotFound = (source: string | null = null) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_HUB_MESSAGES.notFound, source);

const later = (now: Date, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(now.getTime() + seconds * 1000);

/** Hubs of the caller's companies: reading, changing, switching on and off, removing. */
export const createHubsService = (deps: Deps) => {
  const { hubsRepository, applier, now } = deps;

  const present = async (rows: readonly HubRow[]): Promise<VpnHub[]> => {
    const tags = await hubsRepository.tagsOf(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => toVpnHub(row, tags.get(row.id) ?? [], await applier.statusOf(row))),
    );
  };

  const requireHub = async (auth: AuthContext, id: number) => {
    const row = await hubsRepository.find(auth, id);
    if (!row) throw hubNotFound();
    return row;
  };

  const get = async (auth: AuthContext, id: number) => {
    const [hub] = await present([await requireHub(auth, id)]);
    if (!hub) throw hubNotFound();
    return hub;
  };

  const record = (
    auth: AuthContext,
    ip: string,
    action: 'vpn_hub_update' | 'vpn_hub_toggle' | 'vpn_hub_settings' | 'vpn_hub_delete',
    id: number,
    details: Record<string, unknown>,
  ) =>
    deps.actionLog.record(actorOf(auth, ip), action, { entity: 'vpn_hub', entityId: id, details });

  /** Opens the answer's channel and applies the hub after the change committed. */
  const applyAfter = async (auth: AuthContext, id: number, done: string) => {
    const channel = await deps.status.open(auth.user.id);
    void applier.apply(id, done, { channel });
    return channel;
  };

  return {
    get,

    async list(auth: AuthContext, query: VpnHubListQuery) {
      const { rows, total } = await hubsRepository.list(auth, query);
      return { data: await present(rows), total };
    },

    async update(auth: AuthContext, id: number, body: UpdateVpnHubBody, ip: string) {
      const hub = await requireHub(auth, id);
      if (body.tag_id) {
        const visible = await deps.targetsRepository.tags(auth, body.tag_id);
        body.tag_id.forEach((tagId, index) => {
          const tag = visible.get(tagId);
          const source = `tag_id.${index}`;
          if (!tag) {
            throw new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_HUB_MESSAGES.tagNotFound, source);
          }
          checkInHubCompany(hub, tag, VPN_HUB_MESSAGES.tagOutsideHubCompany, source);
        });
      }
      const saving = deps.transaction(async (tx) => {
        if (
          body.name !== undefined &&
          (await hubsRepository.nameTaken(hub.companyId, body.name, id, tx))
        ) {
          throw conflict(VPN_HUB_MESSAGES.duplicateName, 'name');
        }
        const values = {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
        };
        if (Object.keys(values).length) await hubsRepository.update(id, values, tx);
        if (body.tag_id) await hubsRepository.setTags(id, body.tag_id, tx);
      });
      await orConflict(saving, VPN_HUB_MESSAGES.duplicateName, 'name');
      await record(auth, ip, 'vpn_hub_update', id, { ...body });
      return get(auth, id);
    },

    /**
     * On or off; with a duration the change lasts that long (the sweep undoes it). Other hubs are
     * not touched: the runtime starts or stops this one only.
     */
    async toggle(auth: AuthContext, id: number, body: ToggleVpnHubBody, ip: string) {
      await requireHub(auth, id);
      const at = now();
      await hubsRepository.update(
        id,
        body.enabled
          ? {
              enabled: true,
              disabledUntil: null,
              disabledBecauseExpired: false,
              endTime: later(at, body.duration),
            }
          : { enabled: false, endTime: null, disabledUntil: later(at, body.duration) },
      );
      await record(auth, ip, 'vpn_hub_toggle', id, { ...body });
      const done = body.enabled ? VPN_HUB_MESSAGES.enabled : VPN_HUB_MESSAGES.disabled;
      return { channel: await applyAfter(auth, id, done), data: await get(auth, id) };
    },

    /** Subnet, port, protocol, type: all checked, then stored at once; the hub restarts alone. */
    async settings(auth: AuthContext, id: number, body: VpnHubSettingsBody, ip: string) {
      const hub = await requireHub(auth, id);
      const changed = await deps.transaction(async (tx) => {
        await hubsRepository.lockZone(hub.hubZone, tx);
        const current = await hubsRepository.lockSecrets(id, tx);
        if (!current) throw hubNotFound();
        const [zoneHubs, routes, clients] = await Promise.all([
          hubsRepository.zoneHubs(current.hubZone, id, tx),
          deps.networkRepository.routesOfHub(id, undefined, tx),
          deps.clientsRepository.ofHub(id, undefined, tx),
        ]);
        const tunnel = resolveTunnel(
          {
            network: body.ip ?? current.network,
            netmask: body.netmask ?? current.netmask,
            port: body.port,
            keepPort: current.port,
          },
          {
            zoneHubs,
            routes,
            clients: clients.map((client) => ({
              name: client.name,
              ip: client.ipMode === 'static' ? client.ip : null,
            })),
            portRange: deps.portRange,
          },
        );
        const values = {
          ...tunnel,
          protocol: body.protocol ?? current.protocol,
          vpnType: body.vpn_type ?? current.vpnType,
        };
        await hubsRepository.update(id, values, tx);
        const profileChanged =
          values.port !== current.port ||
          values.protocol !== current.protocol ||
          values.vpnType !== current.vpnType;
        return { values, profileChanged, devices: clients.flatMap((c) => c.deviceId ?? []) };
      });
      await record(auth, ip, 'vpn_hub_settings', id, { ...changed.values });
      // Devices dial the port and protocol their profile names: they get the new one.
      if (changed.profileChanged && changed.devices.length) {
        await deps.joins.join(auth, id, changed.devices);
      }
      const channel = await applyAfter(auth, id, VPN_HUB_MESSAGES.settingsChanged);
      return { channel, data: await get(auth, id) };
    },

    /** All or none: one hub out of reach is a 404 naming it. Devices are told to leave. */
    async remove(auth: AuthContext, ids: readonly number[], ip: string) {
      const rows = await hubsRepository.findMany(auth, ids);
      const found = new Set(rows.map((row) => row.id));
      const index = ids.findIndex((id) => !found.has(id));
      if (index >= 0) throw hubNotFound(`id.${index}`);
      const members = new Map<number, number[]>();
      for (const id of found) {
        const clients = await deps.clientsRepository.ofHub(id);
        members.set(
          id,
          clients.flatMap((client) => client.deviceId ?? []),
        );
      }
      await hubsRepository.remove([...found]);
      const channel = await deps.status.open(auth.user.id);
      for (const row of rows) {
        await record(auth, ip, 'vpn_hub_delete', row.id, { name: row.name });
        void applier.remove(row.id, row.hubZone, VPN_HUB_MESSAGES.deleted, { channel });
        const devices = members.get(row.id) ?? [];
        if (devices.length) await deps.joins.leave(auth, row.id, devices);
      }
      return { channel };
    },

    async host() {
      const host = await applier.hostAvailability();
      return {
        zone: VPN_HUB_ZONES[0].name,
        available: host.available,
        version: host.available ? host.version : null,
        reason: host.available ? null : host.reason,
        fix: host.available ? null : host.fix,
        port_min: deps.portRange.min,
        port_max: deps.portRange.max,
        public_host: deps.publicHost,
      };
    },
  };
};

export type HubsService = ReturnType<typeof createHubsService>;
