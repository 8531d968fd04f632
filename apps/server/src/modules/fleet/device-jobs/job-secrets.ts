import {
  configSetArgsSchema,
  configSetResultSchema,
  deviceConfigSchema,
} from '@netfleet/contracts';
import { maskConfig, maskRequest, maskResult } from '@/lib/config-secrets';
import { parseResultJson } from '@/modules/fleet/device-jobs/device-requests';

// Configuration jobs carry secret option values (a Wi-Fi key) to the device, and its answer holds
// them too: the stored job keeps them (a rollback puts the old ones back), while the job list and
// the status channel show them masked (lib/config-secrets.ts).

/** A `config_set` job's args as clients see them: each request's secrets masked. */
export const argsForClients = (
  type: string,
  args: Record<string, unknown>,
): Record<string, unknown> => {
  if (type !== 'config_set') return args;
  const parsed = configSetArgsSchema.safeParse(args);
  return parsed.success ? { ...args, requests: parsed.data.requests.map(maskRequest) } : args;
};

/**
 * A configuration job's answer as clients see it: a `config_set`'s sections before and after, or
 * the configuration a `config_get` read, with secrets masked. An answer of another shape says
 * nothing of the configuration, so it stays as the device sent it.
 */
export const resultForClients = (type: string, result: string | null): string | null => {
  if (type === 'config_set') {
    const parsed = configSetResultSchema.safeParse(parseResultJson(result));
    if (parsed.success) return JSON.stringify({ results: parsed.data.results.map(maskResult) });
  }
  if (type === 'config_get') {
    const parsed = deviceConfigSchema.safeParse(parseResultJson(result));
    if (parsed.success) return JSON.stringify(maskConfig(parsed.data));
  }
  return result;
};
