import {
  OPENVPN_CLIENTS_MAX,
  openvpnClientName,
  vpnJoinArgsSchema,
  vpnLeaveArgsSchema,
  type CommandMessage,
  type VpnJoinArgs,
  type VpnLeaveArgs,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import type { CommandOutcome } from './types.ts';

// What netfleet-agent and the simulator share about `vpn_join` and `vpn_leave` jobs: their
// arguments and the words of their acks.

export const VPN_MESSAGES = {
  tooManyClients: `This device is already the client of ${OPENVPN_CLIENTS_MAX} hubs`,
  legacyFirmware: 'This firmware does not support OpenVPN hubs (needs 07.06 or newer)',
  started: (hubId: number) => `OpenVPN client ${openvpnClientName(hubId)} started`,
  left: (hubId: number) => `Left hub ${hubId}`,
  notJoined: (hubId: number) => `Not a client of hub ${hubId}`,
} as const;

/** The job's `vpn_join` args, or the `rejected` outcome saying which one is wrong. */
export const parseVpnJoinArgs = (
  command: CommandMessage,
): { args: VpnJoinArgs } | { rejected: CommandOutcome } => {
  const parsed = vpnJoinArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};

/** The job's `vpn_leave` args, or the `rejected` outcome saying which one is wrong. */
export const parseVpnLeaveArgs = (
  command: CommandMessage,
): { args: VpnLeaveArgs } | { rejected: CommandOutcome } => {
  const parsed = vpnLeaveArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};
