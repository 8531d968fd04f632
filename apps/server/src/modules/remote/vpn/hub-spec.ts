import type { HubZoneSpec } from '@netfleet/contracts';
import type { HubSpec } from '@netfleet/openvpn-hub';
import type { ClientSecretsRow, HubClientsRepository } from './hub-clients.repository';
import type { HubKeys } from './hub-keys';
import type { HubNetworkRepository, RouteRow } from './hub-network.repository';
import type { HubSecretsRow } from './hubs.repository';

export interface SpecInput {
  hub: HubSecretsRow;
  clients: readonly ClientSecretsRow[];
  routes: readonly RouteRow[];
  dhcp: readonly { type: 'DNS' | 'WINS'; ip: string }[];
}

/** Whether a client may connect now: valid, switched on, and not past its expiry. */
export const mayConnect = (client: ClientSecretsRow, now: Date): boolean =>
  client.revokedAt === null &&
  client.enabled &&
  (client.expiresAt === null || client.expiresAt.getTime() > now.getTime());

/**
 * What the runtime runs for a hub, entirely from the database: its keys (opened here), the valid
 * clients with their fixed addresses and the LANs behind them, every route pushed to every client,
 * and the DHCP options. Revoked clients are only in the CRL.
 */
export const buildHubSpec = (input: SpecInput, keys: HubKeys, now: Date): HubSpec => {
  const { hub } = input;
  const subnet = (row: { network: string; netmask: string }) => ({
    network: row.network,
    netmask: row.netmask,
  });
  return {
    id: hub.id,
    name: hub.name,
    type: hub.vpnType,
    protocol: hub.protocol,
    port: hub.port,
    subnet: subnet(hub),
    ...keys.open(hub),
    crl: hub.crl,
    clients: input.clients
      .filter((client) => client.revokedAt === null)
      .map((client) => ({
        commonName: client.commonName,
        ip: client.ipMode === 'static' ? client.ip : null,
        lans: input.routes.filter((route) => route.hubUserId === client.id).map(subnet),
        enabled: mayConnect(client, now),
      })),
    pushRoutes: input.routes.map(subnet),
    dhcpOptions: input.dhcp.map((option) => ({ type: option.type, ip: option.ip })),
  };
};

export interface SpecSources {
  clientsRepository: Pick<HubClientsRepository, 'secretsOfHub'>;
  networkRepository: Pick<HubNetworkRepository, 'routesOfHub' | 'dhcpOfHub'>;
  keys: HubKeys;
  now: () => Date;
}

/** The hub's spec from the database as it is now. */
export const loadHubSpec = async (sources: SpecSources, hub: HubSecretsRow): Promise<HubSpec> => {
  const [clients, routes, dhcp] = await Promise.all([
    sources.clientsRepository.secretsOfHub(hub.id),
    sources.networkRepository.routesOfHub(hub.id),
    sources.networkRepository.dhcpOfHub(hub.id),
  ]);
  return buildHubSpec({ hub, clients, routes, dhcp }, sources.keys, sources.now());
};

/** What an agent runs a hub from: the spec without the CA's private key, which never leaves. */
export const toZoneSpec = ({ ca, ...spec }: HubSpec): HubZoneSpec => ({
  ...spec,
  ca: { cert: ca.cert },
  clients: spec.clients.map((client) => ({ ...client, lans: [...client.lans] })),
  pushRoutes: [...spec.pushRoutes],
  dhcpOptions: [...spec.dhcpOptions],
});
