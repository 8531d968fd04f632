import type { CommandMessage } from '@netfleet/contracts';
import {
  configGetOutcome,
  configSetOutcome,
  parseConfigGetArgs,
  parseConfigSetArgs,
} from '../config-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import type { SimDevice } from './sim-device.ts';

/** A simulated `config_get` answers after between these many ms (drawn per job). */
export const CONFIG_GET_MIN_MS = 100;
export const CONFIG_GET_MAX_MS = 300;
/** A simulated `config_set` (uci set, commit and the services' reload) takes between these. */
export const CONFIG_SET_MIN_MS = 1000;
export const CONFIG_SET_MAX_MS = 3000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `config_get`: the device's configuration, or the part of it the paths name. */
export const simConfigGet = async (
  device: SimDevice,
  command: CommandMessage,
): Promise<CommandOutcome> => {
  const parsed = parseConfigGetArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  await sleep(device.rng.int(CONFIG_GET_MIN_MS, CONFIG_GET_MAX_MS));
  return configGetOutcome(device.configStore(), parsed.args);
};

export interface SimConfigSetOptions {
  /** What the job fails with after its time (`jobFailureRate`), nothing applied; null: none. */
  failure: string | null;
  /** Told once the job changed the device's configuration, to keep it (fleet state). */
  onChanged?: ((device: SimDevice) => void) | undefined;
}

/**
 * `config_set`: after the router's 1 to 3 s (a progress ack halfway) the requests apply all or
 * nothing. They apply to the store as it is then, so two jobs at once do not undo each other.
 */
export const simConfigSet = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  options: SimConfigSetOptions,
): Promise<CommandOutcome> => {
  const parsed = parseConfigSetArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const durationMs = device.rng.int(CONFIG_SET_MIN_MS, CONFIG_SET_MAX_MS);
  const halfMs = Math.floor(durationMs / 2);
  await sleep(halfMs);
  await context.progress(1, 2, 'applying configuration');
  await sleep(durationMs - halfMs);
  if (options.failure !== null) return { status: 'failed', message: options.failure };
  const { outcome, store } = configSetOutcome(device.configStore(), parsed.args, device.model);
  if (store) {
    device.config = store;
    options.onChanged?.(device);
  }
  return outcome;
};
