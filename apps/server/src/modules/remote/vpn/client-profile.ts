import type { VpnHubProtocol, VpnHubType } from '@netfleet/contracts';
import { type KeyPair, renderClientProfile } from '@netfleet/openvpn-hub';

export interface ProfileInput {
  hub: { name: string; vpnType: VpnHubType; protocol: VpnHubProtocol; port: number };
  /** The hub's CA and tls-crypt key, opened. */
  opened: { ca: KeyPair; tlsCryptKey: string };
  client: KeyPair;
  /** Where the hub is reached (VPN_HUB_HOST). */
  host: string;
}

/**
 * A client's complete `.ovpn`, everything inline, as the runtime renders it (so profile and
 * server configuration always agree).
 */
export const clientProfile = ({ hub, opened, client, host }: ProfileInput): string =>
  renderClientProfile({
    host,
    hub: {
      name: hub.name,
      type: hub.vpnType,
      protocol: hub.protocol,
      port: hub.port,
      ca: opened.ca,
      tlsCryptKey: opened.tlsCryptKey,
    },
    client,
  });
