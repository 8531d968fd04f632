import {
  VPN_HUB_DEFAULT_NETMASK,
  VPN_HUB_DEFAULT_POOL,
  VPN_HUB_MESSAGES,
  VPN_HUB_ZONE_LOCAL,
  VPN_NETWORK_MESSAGES,
} from '@netfleet/contracts';
import type { Executor } from '@/db/client';
import { invalid } from '@/lib/api-error';
import type { HubZonesRepository } from './hub-zones.repository';
import {
  allocateSubnet,
  type Cidr,
  clientCapacity,
  intToIp,
  ipToInt,
  isClientAddress,
  overlaps,
  parseSubnet,
  prefixToMask,
} from './subnets';

/** Hubs' subnets may be /8 to /30 (the hub and at least one client). */
const PREFIX_MIN = 8;
const PREFIX_MAX = 30;

export interface TunnelRequest {
  /** Given by the caller, else the hub's current value, else allocated. */
  network: string | undefined;
  netmask: string | undefined;
  port: number | undefined;
  /** A hub's current port, kept as it is when no port is given (even outside today's range). */
  keepPort?: number | undefined;
}

/** What else lives on the hub and its zone, which the tunnel must fit around. */
export interface TunnelSurroundings {
  /** The zone's other hubs (every company's: they share the host). */
  zoneHubs: readonly { port: number; network: string; netmask: string }[];
  /** This hub's routes (none for a new hub). */
  routes: readonly { network: string; netmask: string }[];
  /** This hub's valid clients, with their fixed address if any. */
  clients: readonly { name: string; ip: string | null }[];
  portRange: { min: number; max: number };
}

const cidrOf = (row: { network: string; netmask: string }): Cidr | null => {
  const parsed = parseSubnet(row.network, row.netmask);
  return parsed.ok ? parsed.cidr : null;
};
const cidrsOf = (rows: readonly { network: string; netmask: string }[]) =>
  rows.flatMap((row) => cidrOf(row) ?? []);

/**
 * `hub_zone` must name a zone (GET /vpn/hubs/zones): `local` or an agent's; 422 otherwise. Checked
 * under the zone's lock, so a zone deleted meanwhile takes no hub.
 */
export const checkZone = async (
  zone: string,
  zones: Pick<HubZonesRepository, 'byName'>,
  tx?: Executor,
) => {
  if (zone === VPN_HUB_ZONE_LOCAL) return;
  if (!(await zones.byName(zone, tx))) throw invalid(VPN_HUB_MESSAGES.unknownZone, 'hub_zone');
};

const checkPrefix = (netmask: string): number => {
  const parsed = parseSubnet('0.0.0.0', netmask);
  if (!parsed.ok) throw invalid(VPN_HUB_MESSAGES.invalidNetmask, 'netmask');
  if (parsed.cidr.prefix < PREFIX_MIN) throw invalid(VPN_HUB_MESSAGES.netmaskTooWide, 'netmask');
  if (parsed.cidr.prefix > PREFIX_MAX) throw invalid(VPN_HUB_MESSAGES.netmaskTooNarrow, 'netmask');
  return parsed.cidr.prefix;
};

const chooseSubnet = (request: TunnelRequest, around: TunnelSurroundings): Cidr => {
  const netmask = request.netmask ?? VPN_HUB_DEFAULT_NETMASK;
  const prefix = checkPrefix(netmask);
  if (request.network === undefined) {
    const pool = cidrOf(VPN_HUB_DEFAULT_POOL);
    const taken = [...cidrsOf(around.zoneHubs), ...cidrsOf(around.routes)];
    const free = pool && allocateSubnet(pool, Math.max(prefix, pool.prefix), taken);
    if (!free) throw invalid(VPN_HUB_MESSAGES.noFreeSubnet, 'ip');
    return free;
  }
  const parsed = parseSubnet(request.network, netmask);
  if (!parsed.ok) throw invalid(VPN_HUB_MESSAGES.invalidNetwork, 'ip');
  return parsed.cidr;
};

const checkFits = (subnet: Cidr, around: TunnelSurroundings) => {
  if (clientCapacity(subnet) < Math.max(1, around.clients.length)) {
    throw invalid(VPN_HUB_MESSAGES.netmaskTooSmall(around.clients.length), 'netmask');
  }
  for (const client of around.clients) {
    const ip = client.ip === null ? null : ipToInt(client.ip);
    if (ip !== null && !isClientAddress(subnet, ip)) {
      throw invalid(VPN_HUB_MESSAGES.clientOutsideSubnet(client.name), 'ip');
    }
  }
  if (cidrsOf(around.zoneHubs).some((other) => overlaps(subnet, other))) {
    throw invalid(VPN_HUB_MESSAGES.subnetOverlapsHub, 'ip');
  }
  if (cidrsOf(around.routes).some((route) => overlaps(subnet, route))) {
    throw invalid(VPN_HUB_MESSAGES.subnetOverlapsRoute, 'ip');
  }
};

const choosePort = (port: number | undefined, around: TunnelSurroundings): number => {
  const { min, max } = around.portRange;
  const used = new Set(around.zoneHubs.map((hub) => hub.port));
  if (port === undefined) {
    for (let candidate = min; candidate <= max; candidate += 1) {
      if (!used.has(candidate)) return candidate;
    }
    throw invalid(VPN_HUB_MESSAGES.noFreePort, 'port');
  }
  if (port < min || port > max) throw invalid(VPN_HUB_MESSAGES.portRange(min, max), 'port');
  if (used.has(port)) throw invalid(VPN_HUB_MESSAGES.portInUse, 'port');
  return port;
};

/**
 * A hub's subnet and port, checked against everything it must not clash with (a 422 naming the
 * field otherwise), or allocated when not given: the first free /24 of the default pool, the
 * first free port of the range.
 */
export const resolveTunnel = (request: TunnelRequest, around: TunnelSurroundings) => {
  const subnet = chooseSubnet(request, around);
  checkFits(subnet, around);
  return {
    network: intToIp(subnet.start),
    netmask: prefixToMask(subnet.prefix),
    port:
      request.port === undefined && request.keepPort !== undefined
        ? request.keepPort
        : choosePort(request.port, around),
  };
};

/**
 * A route to a LAN behind a device client: a valid network address and mask that overlaps neither
 * the hub's subnet, nor its other routes, nor another hub's subnet on the zone.
 */
export const checkRoute = (
  route: { network: string; netmask: string },
  around: {
    hub: { network: string; netmask: string };
    routes: readonly { network: string; netmask: string }[];
    zoneHubs: readonly { network: string; netmask: string }[];
  },
  source: { ip: string; netmask: string },
) => {
  const parsed = parseSubnet(route.network, route.netmask);
  if (!parsed.ok) {
    if (parsed.problem === 'invalidNetmask') {
      throw invalid(VPN_HUB_MESSAGES.invalidNetmask, source.netmask);
    }
    throw invalid(VPN_NETWORK_MESSAGES.routeNetwork, source.ip);
  }
  const hub = cidrOf(around.hub);
  if (hub && overlaps(parsed.cidr, hub)) {
    throw invalid(VPN_NETWORK_MESSAGES.routeOverlapsSubnet, source.ip);
  }
  if (cidrsOf(around.routes).some((other) => overlaps(parsed.cidr, other))) {
    throw invalid(VPN_NETWORK_MESSAGES.routeOverlapsRoute, source.ip);
  }
  if (cidrsOf(around.zoneHubs).some((other) => overlaps(parsed.cidr, other))) {
    throw invalid(VPN_NETWORK_MESSAGES.routeOverlapsHub, source.ip);
  }
};
