import type { z } from 'zod';
import {
  vpnHubApplyArgsSchema,
  vpnHubDisconnectArgsSchema,
  vpnHubRemoveArgsSchema,
  vpnHubSyncArgsSchema,
  type CommandMessage,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import type { CommandOutcome } from './types.ts';

// What netfleet-agent and the simulator share about the hub-mode jobs (`vpn_hub_apply`,
// `vpn_hub_remove`, `vpn_hub_disconnect`, `vpn_hub_sync`): their arguments and the words of
// their acks.

export const HUB_MESSAGES = {
  notHubMode: 'netfleet-agent is not in hub mode: start it with --hub',
  simulator: 'netfleet-sim devices cannot run VPN hubs: a hub zone needs netfleet-agent --hub',
  running: (hubId: number) => `Hub ${hubId} running`,
  notRunning: (hubId: number, state: string) => `Hub ${hubId} is ${state}`,
  removed: (hubId: number) => `Hub ${hubId} removed`,
  disconnected: (hubId: number, count: number) =>
    `Ended the sessions of ${count} client${count === 1 ? '' : 's'} on hub ${hubId}`,
  synced: (removed: readonly number[]) =>
    removed.length === 0 ? 'No hub to remove' : `Removed hubs ${removed.join(', ')}`,
} as const;

const parser =
  <T>(schema: z.ZodType<T>) =>
  (command: CommandMessage): { args: T } | { rejected: CommandOutcome } => {
    const parsed = schema.safeParse(command.args);
    return parsed.success ? { args: parsed.data } : rejection(parsed.error);
  };

/** Each job's args, or the `rejected` outcome saying which one is wrong. */
export const parseHubArgs = {
  vpn_hub_apply: parser(vpnHubApplyArgsSchema),
  vpn_hub_remove: parser(vpnHubRemoveArgsSchema),
  vpn_hub_disconnect: parser(vpnHubDisconnectArgsSchema),
  vpn_hub_sync: parser(vpnHubSyncArgsSchema),
} as const;
