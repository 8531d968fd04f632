import {
  type CreateVpnHubZoneBody,
  ERROR_CODES,
  type HubHost,
  toApiDate,
  type UpdateVpnHubZoneBody,
  VPN_HUB_ZONE_LOCAL,
  VPN_HUB_ZONE_MESSAGES,
  VPN_HUB_ZONES,
  type VpnHubZone,
} from '@netfleet/contracts';
import type { Transaction } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { ApiError, conflict } from '@/lib/api-error';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { agentAvailability, type AgentHubRuntimes } from './agent-hub-runtime';
import type { DeviceJoins } from './device-joins';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubZonesRepository, ZoneRow } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';
import type { ZoneRuntimes } from './zone-runtimes';

interface Deps {
  transaction: RunInTransaction;
  zonesRepository: HubZonesRepository;
  hubsRepository: Pick<HubsRepository, 'enabledIds' | 'zoneHubs' | 'lockZone'>;
  clientsRepository: Pick<HubClientsRepository, 'ofHub'>;
  runtimes: Pick<ZoneRuntimes, 'availability'>;
  agents: Pick<AgentHubRuntimes, 'sync' | 'release'>;
  joins: Pick<DeviceJoins, 'join'>;
  presence: Pick<Presence, 'onlineAmong'>;
  /** What the agent said in its last hello to this instance (it may predate its zone). */
  lastHello(deviceId: number): HubHost | undefined;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
  /** What clients of the local zone's hubs dial (VPN_HUB_HOST). */
  localHost: string;
}

const zoneNotFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_HUB_ZONE_MESSAGES.notFound);
const LOCAL = VPN_HUB_ZONES[0];

/** The unique constraint a write lost a race against (Drizzle wraps the driver's error). */
const violatedConstraint = (error: unknown): string => {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { constraint } = current as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return '';
};

/** A lost race on one of the zone's unique columns: 409 naming the field. */
const uniqueConflicts = async <T>(work: Promise<T>) => {
  try {
    return await work;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw violatedConstraint(error).includes('device')
      ? conflict(VPN_HUB_ZONE_MESSAGES.deviceTaken, 'device_id')
      : conflict(VPN_HUB_ZONE_MESSAGES.duplicateName, 'name');
  }
};

/**
 * Hub zones (GET /vpn/hubs/zones and, for super admins, their writes): the local zone and the
 * zones hosted by agents in hub mode. Zones are shared by every company.
 */
export const createHubZonesService = (deps: Deps) => {
  const { zonesRepository, now } = deps;

  /** `connected`: the zones' devices that are online (one look for a whole list). */
  const present = (row: ZoneRow, connected: ReadonlySet<number>): VpnHubZone => {
    const online = row.deviceId !== null && connected.has(row.deviceId);
    const host = agentAvailability(row, online);
    return {
      id: row.id,
      name: row.name,
      visual_name: row.visualName,
      latitude: row.latitude,
      longitude: row.longitude,
      kind: 'agent',
      available: host.available,
      device_id: row.deviceId,
      host: row.host,
      online,
      version: host.available ? host.version : null,
      reason: host.available ? null : host.reason,
      fix: host.available ? null : host.fix,
      created_at: toApiDate(row.createdAt),
      updated_at: toApiDate(row.updatedAt),
    };
  };

  const devicesOnline = (rows: readonly ZoneRow[]) =>
    deps.presence.onlineAmong(rows.flatMap((row) => (row.deviceId === null ? [] : [row.deviceId])));

  const requireZone = async (id: number) => {
    const row = await zonesRepository.find(id);
    if (!row) {
      if (id === LOCAL.id)
        throw new ApiError(422, ERROR_CODES.VALIDATION_ERROR, VPN_HUB_ZONE_MESSAGES.localReadOnly);
      throw zoneNotFound();
    }
    return row;
  };

  const checkDevice = async (deviceId: number, exceptZone: number | null, tx?: Transaction) => {
    if (!(await zonesRepository.deviceExists(deviceId, tx))) {
      throw new ApiError(
        404,
        ERROR_CODES.NOT_FOUND,
        VPN_HUB_ZONE_MESSAGES.deviceNotFound,
        'device_id',
      );
    }
    const [hosting] = await zonesRepository.byDevices([deviceId], tx);
    if (hosting && hosting.id !== exceptZone) {
      throw conflict(VPN_HUB_ZONE_MESSAGES.deviceTaken, 'device_id');
    }
  };

  const checkName = async (name: string, exceptZone: number | null, tx?: Transaction) => {
    const taken = await zonesRepository.byName(name, tx);
    if (taken && taken.id !== exceptZone)
      throw conflict(VPN_HUB_ZONE_MESSAGES.duplicateName, 'name');
  };

  const record = (
    auth: AuthContext,
    ip: string,
    action: 'vpn_hub_zone_create' | 'vpn_hub_zone_update' | 'vpn_hub_zone_delete',
    id: number,
    details: Record<string, unknown>,
  ) =>
    deps.actionLog.record(actorOf(auth, ip), action, {
      entity: 'vpn_hub_zone',
      entityId: id,
      details,
    });

  /** The zone's agent gets the zone's hubs (the zone is new to it, or moved to it). */
  const handOver = async (zone: ZoneRow) => {
    if (zone.deviceId === null) return;
    const hubIds = await deps.hubsRepository.enabledIds(zone.name);
    if (hubIds.length === 0) return;
    await deps.agents.sync(zone.deviceId, hubIds, zone.hostStatus?.available === true);
  };

  /**
   * The zone's host changed: every device client of its hubs dials the old one. Their joins are
   * sent again (the profile names the new host).
   */
  const rejoin = async (auth: AuthContext, zone: string) => {
    for (const hub of await deps.hubsRepository.zoneHubs(zone, null)) {
      const devices = (await deps.clientsRepository.ofHub(hub.id)).flatMap(
        (client) => client.deviceId ?? [],
      );
      if (devices.length) await deps.joins.join(auth, hub.id, devices);
    }
  };

  return {
    /** The local zone, then the agents' zones. */
    async list(): Promise<VpnHubZone[]> {
      const local = await deps.runtimes.availability(VPN_HUB_ZONE_LOCAL);
      const rows = await zonesRepository.list();
      const connected = await devicesOnline(rows);
      return [
        {
          ...LOCAL,
          available: local.available,
          device_id: null,
          host: deps.localHost,
          online: true,
          version: local.available ? local.version : null,
          reason: local.available ? null : local.reason,
          fix: local.available ? null : local.fix,
          created_at: null,
          updated_at: null,
        },
        ...rows.map((row) => present(row, connected)),
      ];
    },

    async create(auth: AuthContext, body: CreateVpnHubZoneBody, ip: string) {
      await checkName(body.name, null);
      await checkDevice(body.device_id, null);
      const at = now();
      const seen = deps.lastHello(body.device_id);
      const row = await uniqueConflicts(
        zonesRepository.insert({
          name: body.name,
          visualName: body.visual_name ?? body.name,
          deviceId: body.device_id,
          host: body.host,
          latitude: body.latitude,
          longitude: body.longitude,
          // An agent connected before its zone was made said in its hello what it can run.
          hostStatus: seen ?? null,
          hostStatusAt: seen ? at : null,
        }),
      );
      await record(auth, ip, 'vpn_hub_zone_create', row.id, { ...body });
      return present(row, await devicesOnline([row]));
    },

    async update(auth: AuthContext, id: number, body: UpdateVpnHubZoneBody, ip: string) {
      const zone = await requireZone(id);
      const renamed = body.name !== undefined && body.name !== zone.name;
      const moved = body.device_id !== undefined && body.device_id !== zone.deviceId;
      const rehosted = body.host !== undefined && body.host !== zone.host;
      const updated = await uniqueConflicts(
        deps.transaction(async (tx) => {
          // Hubs name their zone: a zone in use keeps its name (under the lock hubs are made in).
          if (renamed) await deps.hubsRepository.lockZone(zone.name, tx);
          if (renamed && (await zonesRepository.hubsCount(zone.name, tx)) > 0) {
            throw conflict(VPN_HUB_ZONE_MESSAGES.renameInUse, 'name');
          }
          if (renamed && body.name) await checkName(body.name, id, tx);
          if (moved && body.device_id !== undefined) await checkDevice(body.device_id, id, tx);
          const seen =
            moved && body.device_id !== undefined ? deps.lastHello(body.device_id) : undefined;
          return zonesRepository.update(
            id,
            {
              ...(body.name === undefined ? {} : { name: body.name }),
              ...(body.visual_name === undefined ? {} : { visualName: body.visual_name }),
              ...(body.host === undefined ? {} : { host: body.host }),
              ...(body.latitude === undefined ? {} : { latitude: body.latitude }),
              ...(body.longitude === undefined ? {} : { longitude: body.longitude }),
              ...(moved
                ? {
                    deviceId: body.device_id,
                    hostStatus: seen ?? null,
                    hostStatusAt: seen ? now() : null,
                  }
                : {}),
            },
            tx,
          );
        }),
      );
      if (!updated) throw zoneNotFound();
      await record(auth, ip, 'vpn_hub_zone_update', id, { ...body });
      if (moved) {
        // The old machine stops the zone's hubs; the new one starts them.
        if (zone.deviceId !== null) await deps.agents.release(zone.deviceId);
        await handOver(updated);
      }
      if (rehosted) await rejoin(auth, updated.name);
      return present(updated, await devicesOnline([updated]));
    },

    /** Refused while hubs run in the zone (409): they would be left without a host. */
    async remove(auth: AuthContext, id: number, ip: string) {
      const zone = await requireZone(id);
      await deps.transaction(async (tx) => {
        await deps.hubsRepository.lockZone(zone.name, tx);
        const hubs = await zonesRepository.hubsCount(zone.name, tx);
        if (hubs > 0) throw conflict(VPN_HUB_ZONE_MESSAGES.inUse(hubs), 'id');
        await zonesRepository.remove(id, tx);
      });
      await record(auth, ip, 'vpn_hub_zone_delete', id, { name: zone.name });
      if (zone.deviceId !== null) await deps.agents.release(zone.deviceId);
    },
  };
};

export type HubZonesService = ReturnType<typeof createHubZonesService>;
