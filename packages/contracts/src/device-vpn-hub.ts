import { z } from 'zod';

// Hub zones: `netfleet-agent --hub` runs VPN hubs (OpenVPN servers) on its machine for the server.
// The agent is an enrolled device like any other; a zone (`vpn_hub_zones`, made by a super admin)
// binds a zone name to it. The server keeps every hub's truth (PKI, clients, routes) and tells
// the agent what to run with the commands below; the agent reports what runs on the `hub` topic
// (device-protocol.ts `topics.hub`). docs/device-protocol.md "Hub mode" is the prose of this file.

/** The command types of this file, part of device-protocol.ts COMMAND_TYPES. */
export const VPN_HUB_COMMAND_TYPES = [
  'vpn_hub_apply',
  'vpn_hub_remove',
  'vpn_hub_disconnect',
  'vpn_hub_sync',
] as const;

const hubId = z.number().int().positive();
const commonName = z.string().min(1).max(64);

/**
 * `vpn_hub_apply`: run hub `hub_id` as the spec says (start it, or bring the running one to it).
 * The spec holds the hub's server key, so it is not in the command (commands wait in the
 * database for offline devices): the agent GETs `spec_url` (signed, expiring in minutes, HTTP(S)
 * on the server) and receives a `HubZoneSpec`. Acks `completed` once applied with the hub's
 * state as the message, `failed` with the runtime's words.
 */
export const vpnHubApplyArgsSchema = z.object({
  hub_id: hubId,
  spec_url: z.string().url().max(2048),
});
export type VpnHubApplyArgs = z.infer<typeof vpnHubApplyArgsSchema>;

/** `vpn_hub_remove`: stop hub `hub_id` and delete everything it had on the machine. */
export const vpnHubRemoveArgsSchema = z.object({ hub_id: hubId });
export type VpnHubRemoveArgs = z.infer<typeof vpnHubRemoveArgsSchema>;

/** `vpn_hub_disconnect`: end these clients' sessions now (revoked or disabled a moment ago). */
export const vpnHubDisconnectArgsSchema = z.object({
  hub_id: hubId,
  common_names: z.array(commonName).min(1).max(1000),
});
export type VpnHubDisconnectArgs = z.infer<typeof vpnHubDisconnectArgsSchema>;

/**
 * `vpn_hub_sync`: the hubs this zone runs now (sent after every hello of the agent, before the
 * applies of those hubs). The agent removes every hub it runs that is not listed.
 */
export const vpnHubSyncArgsSchema = z.object({ hub_ids: z.array(hubId).max(10_000) });
export type VpnHubSyncArgs = z.infer<typeof vpnHubSyncArgsSchema>;

const subnet = z.object({ network: z.ipv4(), netmask: z.ipv4() });
const pem = z
  .string()
  .min(1)
  .max(64 * 1024);

/**
 * What `spec_url` answers: the runtime's HubSpec (`@netfleet/openvpn-hub` hub-runtime.port.ts)
 * without the CA's private key, which never leaves the server (the agent needs only the CA's
 * certificate; it signs nothing).
 */
export const hubZoneSpecSchema = z.object({
  id: hubId,
  name: z.string().max(255),
  type: z.enum(['tun', 'tap']),
  protocol: z.enum(['udp', 'tcp']),
  port: z.number().int().min(1).max(65_535),
  subnet,
  ca: z.object({ cert: pem }),
  server: z.object({ cert: pem, key: pem }),
  crl: pem,
  tlsCryptKey: pem,
  clients: z
    .array(
      z.object({
        commonName: commonName,
        ip: z.ipv4().nullable(),
        lans: z.array(subnet).max(256),
        enabled: z.boolean(),
      }),
    )
    .max(100_000),
  pushRoutes: z.array(subnet).max(10_000),
  dhcpOptions: z.array(z.object({ type: z.enum(['DNS', 'WINS']), ip: z.ipv4() })).max(16),
});
export type HubZoneSpec = z.infer<typeof hubZoneSpecSchema>;

/** Whether the agent's machine can run hubs (the hello's `hub`, only with `--hub`). */
export const hubHostSchema = z.union([
  z.object({ available: z.literal(true), version: z.string().max(128) }),
  z.object({
    available: z.literal(false),
    reason: z.string().max(512),
    fix: z.string().max(512),
  }),
]);
export type HubHost = z.infer<typeof hubHostSchema>;

/** The most sessions one `hub` message carries (the payload limit is 64 KiB). */
export const HUB_STATE_SESSIONS_MAX = 300;

/**
 * device → server on `nf/d/<id>/hub` (QoS 1): one hub's state and its sessions now. Sent when a
 * hub's state changes, when a client connects or disconnects, and every 30 s for each running
 * hub; after `vpn_hub_remove` once with state `stopped` and no sessions.
 */
export const hubStateMessageSchema = z.object({
  ts: z.number().int().positive(),
  hub_id: hubId,
  state: z.enum(['stopped', 'starting', 'running', 'failed']),
  error: z.string().max(1024).nullable(),
  /** Epoch ms when the process started serving, else null. */
  started_at: z.number().int().positive().nullable(),
  /**
   * A hub with more than HUB_STATE_SESSIONS_MAX sessions sends them in `parts` messages of the
   * same `ts` (part 1 to parts); the server takes the state once it has every part.
   */
  part: z.number().int().min(1).max(1000).default(1),
  parts: z.number().int().min(1).max(1000).default(1),
  sessions: z
    .array(
      z.object({
        common_name: commonName,
        real_address: z.string().max(64),
        virtual_address: z.string().max(64).nullable(),
        bytes_received: z.number().int().min(0),
        bytes_sent: z.number().int().min(0),
        /** Epoch ms. */
        connected_since: z.number().int().positive(),
      }),
    )
    .max(HUB_STATE_SESSIONS_MAX),
});
export type HubStateMessage = z.infer<typeof hubStateMessageSchema>;
