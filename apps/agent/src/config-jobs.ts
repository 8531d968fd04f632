import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  ackMessageSchema,
  applyConfigRequests,
  configGetArgsSchema,
  configSetArgsSchema,
  readConfig,
  type CommandMessage,
  type ConfigGetArgs,
  type ConfigModel,
  type ConfigRequest,
  type ConfigSetArgs,
  type ConfigSetResult,
  type DeviceConfig,
} from '@netfleet/contracts';
import type { CommandOutcome } from './types.ts';

// What the Linux agent and the simulator share about `config_get` and `config_set` jobs: their
// arguments, the acks they end with, and the shape a configuration store is kept in on disk.

/** The message of a config job whose JSON result would not fit in an ack. */
export const CONFIG_RESULT_TOO_LARGE = 'Configuration result too large';

/**
 * A store as the `post` requests that build it from empty configs: applying them checks every
 * section and value against the model's schema.
 */
export const sectionsAsRequests = (config: DeviceConfig): ConfigRequest[] =>
  Object.entries(config).flatMap(([name, sections]) =>
    Object.entries(sections).map(([section, options]) => ({
      path: `/${name}/${section}`,
      method: 'post' as const,
      content_type: 'application/json',
      request_data: options,
    })),
  );

/** The `rejected` outcome of args that do not fit their schema: `invalid args.<field>: …`. */
export const rejection = (error: z.ZodError): { rejected: CommandOutcome } => {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  return {
    rejected: {
      status: 'rejected',
      message: `invalid args${field ? `.${field}` : ''}: ${issue?.message ?? 'not valid'}`,
    },
  };
};

/** The job's `config_get` args, or the `rejected` outcome saying which one is wrong. */
export const parseConfigGetArgs = (
  command: CommandMessage,
): { args: ConfigGetArgs } | { rejected: CommandOutcome } => {
  const parsed = configGetArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};

/** The job's `config_set` args, or the `rejected` outcome saying which one is wrong. */
export const parseConfigSetArgs = (
  command: CommandMessage,
): { args: ConfigSetArgs } | { rejected: CommandOutcome } => {
  const parsed = configSetArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};

/** A cut JSON text is no use to the server, so a result must fit the ack whole. */
const fitsInAck = (result: string) => ackMessageSchema.shape.result.safeParse(result).success;

/** `config_get`: the part of the store the paths name, as JSON. */
export const configGetOutcome = (store: DeviceConfig, args: ConfigGetArgs): CommandOutcome => {
  const result = JSON.stringify(readConfig(store, args.paths));
  return fitsInAck(result)
    ? { status: 'completed', result }
    : { status: 'failed', message: CONFIG_RESULT_TOO_LARGE };
};

/**
 * `config_set`: applies the requests all or nothing. `store` is the configuration to keep, present
 * only when the job completes and changed something; a result too large for the ack fails the job
 * before anything is kept, so a `failed` ack always means the device is as it was.
 */
export const configSetOutcome = (
  store: DeviceConfig,
  args: ConfigSetArgs,
  model: ConfigModel,
): { outcome: CommandOutcome; store?: DeviceConfig } => {
  const applied = applyConfigRequests(store, args.requests, model);
  const result = JSON.stringify({ results: applied.results } satisfies ConfigSetResult);
  if (!fitsInAck(result)) {
    return { outcome: { status: 'failed', message: CONFIG_RESULT_TOO_LARGE } };
  }
  if (!applied.ok) {
    const refused = applied.results.at(-1)?.message ?? 'Configuration refused';
    return { outcome: { status: 'failed', message: refused, result } };
  }
  const changes = args.requests.filter((request) => request.method !== 'get').length;
  const outcome: CommandOutcome = {
    status: 'completed',
    message: `${changes} ${changes === 1 ? 'change' : 'changes'} applied`,
    result,
  };
  return isDeepStrictEqual(applied.store, store) ? { outcome } : { outcome, store: applied.store };
};
