import {
  collectConfigArgsSchema,
  type CollectConfig,
  type CommandMessage,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import type { CommandContext, CommandOutcome } from './types.ts';

// What netfleet-agent and the simulator share about a `collect_config` job: its arguments, the
// order of saving and applying, and the ack it ends with.

export const COLLECT_STOPPED = 'Data collection stopped';

export const collectingMessage = (count: number): string =>
  count === 0 ? COLLECT_STOPPED : `Collecting ${count} ${count === 1 ? 'config' : 'configs'}`;

/**
 * `collect_config`: saves the new set (`save` answers why it could not, or null), then makes it
 * the one the session runs. A set that could not be saved is not applied, so what runs is always
 * what the device runs again after a restart.
 */
export const collectConfigJob = async (
  command: CommandMessage,
  context: CommandContext,
  save: (configs: CollectConfig[]) => Promise<string | null> | string | null,
): Promise<CommandOutcome> => {
  const parsed = collectConfigArgsSchema.safeParse(command.args);
  if (!parsed.success) return rejection(parsed.error).rejected;
  const { configs } = parsed.data;
  const problem = await save(configs);
  if (problem !== null) return { status: 'failed', message: problem };
  context.collect(configs);
  return { status: 'completed', message: collectingMessage(configs.length) };
};
