import { z } from 'zod';

// The device side of VPN hubs: the commands that make a device a client of a netfleet hub and
// take it off again. They are device jobs (device-protocol.ts `command` messages, acknowledged
// like every other) so a device that is offline gets them when it next says hello.

/** The command types of this file, part of device-protocol.ts COMMAND_TYPES. */
export const VPN_COMMAND_TYPES = ['vpn_join', 'vpn_leave'] as const;

/** The longest profile a device is sent (certificates, key and tls-crypt key inline). */
export const VPN_PROFILE_MAX_LENGTH = 32 * 1024;

/** An IPv4 network as dotted quads: `192.168.1.0` / `255.255.255.0`. */
const subnetSchema = z.object({ network: z.string().max(15), netmask: z.string().max(15) });

/**
 * `vpn_join`: become (or stay) a client of hub `hub_id`. The device writes `profile` as an
 * OpenVPN client instance named `nf_hub_<hub_id>` (replacing one of the same name), enables it,
 * applies `forward` to its firewall (tunnel → LAN zone, tunnel → WAN zone) and acks `completed`
 * once the instance is started, or `failed` with OpenVPN's complaint. Sent again (same hub) after
 * the hub's settings or the device's rules change: the device replaces what it had.
 */
export const vpnJoinArgsSchema = z.object({
  hub_id: z.number().int().positive(),
  /** The certificate's common name; the hub knows the device by it. */
  common_name: z.string().min(1).max(64),
  /**
   * A complete OpenVPN client configuration (`.ovpn`): `client`, `dev`, `proto`, `remote`, and the
   * hub's CA, the device's certificate and key and the tls-crypt key inline (`<ca>`, `<cert>`,
   * `<key>`, `<tls-crypt>`). The device keeps it readable by root only.
   */
  profile: z.string().min(1).max(VPN_PROFILE_MAX_LENGTH),
  /** Firewall forwarding from the tunnel to the device's LAN and WAN zones (RMS device rules). */
  forward: z.object({ lan: z.boolean(), wan: z.boolean() }),
  /** The device's LANs the hub routes through it: the device must let tunnel traffic reach them. */
  lans: z.array(subnetSchema).max(256),
});
export type VpnJoinArgs = z.infer<typeof vpnJoinArgsSchema>;

/** `vpn_leave`: stop and remove the client instance of hub `hub_id` (no error if there is none). */
export const vpnLeaveArgsSchema = z.object({ hub_id: z.number().int().positive() });
export type VpnLeaveArgs = z.infer<typeof vpnLeaveArgsSchema>;
