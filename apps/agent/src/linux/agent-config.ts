import {
  DEVICE_CONFIG_MESSAGES,
  SECTION_TYPE_KEY,
  applyConfigRequests,
  emptyConfigOf,
  type CommandMessage,
  type ConfigSetArgs,
  type DeviceConfig,
  deviceConfigSchema,
} from '@netfleet/contracts';
import { z } from 'zod';
import {
  configGetOutcome,
  configSetOutcome,
  parseConfigGetArgs,
  parseConfigSetArgs,
  sectionsAsRequests,
} from '../config-jobs.ts';
import { readState, writeState } from '../state-file.ts';
import type { CommandOutcome } from '../types.ts';

// The agent's configuration store: its own settings (config `netfleet`, section `agent`), read and
// changed by `config_get` and `config_set` jobs and kept in a JSON file beside its state file.

/**
 * The model the store is checked against. It holds the agent's settings whatever `--model` the
 * agent reports, and LINUX and OPENWRT share that schema.
 */
export const AGENT_CONFIG_MODEL = 'LINUX';

export const defaultAgentConfig = (): DeviceConfig => ({
  netfleet: {
    agent: { [SECTION_TYPE_KEY]: 'agent', description: '', log_level: 'info', location: '' },
  },
});

const fileSchema = z.object({ version: z.literal(1), config: deviceConfigSchema });

/** The stored configuration rebuilt through the schema, or what in it the schema refuses. */
export const checkAgentConfig = (
  config: DeviceConfig,
): { config: DeviceConfig } | { problem: string } => {
  const empty = emptyConfigOf(AGENT_CONFIG_MODEL);
  const foreign = Object.keys(config).find((name) => !(name in empty));
  if (foreign !== undefined) return { problem: DEVICE_CONFIG_MESSAGES.noConfig(foreign) };
  const rebuilt = applyConfigRequests(empty, sectionsAsRequests(config), AGENT_CONFIG_MODEL);
  const refused = rebuilt.results.at(-1);
  return rebuilt.ok
    ? { config: rebuilt.store }
    : { problem: `${refused?.path}: ${refused?.message}` };
};

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not valid'}`;
};

export class AgentConfigStore {
  /** The `config_set` jobs in turn: each applies to what the previous one left. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private config: DeviceConfig,
  ) {}

  /**
   * The stored configuration, or the defaults when there is none yet. A file that cannot be read
   * or does not fit the schema (hand-edited, cut short) gives the defaults and a warning: the agent
   * still starts, and the next `config_set` replaces the file.
   */
  static async load(path: string, warn: (message: string) => void): Promise<AgentConfigStore> {
    let problem: string;
    try {
      // Checked here rather than by readState, for a one-line warning.
      const stored = await readState(path, z.unknown(), null);
      if (stored === null) return new AgentConfigStore(path, defaultAgentConfig());
      const file = fileSchema.safeParse(stored);
      const checked = file.success
        ? checkAgentConfig(file.data.config)
        : { problem: firstIssue(file.error) };
      if ('config' in checked) return new AgentConfigStore(path, checked.config);
      problem = checked.problem;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    warn(`${path} is not a valid configuration (${problem}); using the defaults`);
    return new AgentConfigStore(path, defaultAgentConfig());
  }

  get(command: CommandMessage): CommandOutcome {
    const parsed = parseConfigGetArgs(command);
    return 'rejected' in parsed ? parsed.rejected : configGetOutcome(this.config, parsed.args);
  }

  async set(command: CommandMessage): Promise<CommandOutcome> {
    const parsed = parseConfigSetArgs(command);
    if ('rejected' in parsed) return parsed.rejected;
    const done = this.queue.then(() => this.apply(parsed.args));
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** The settings as they are now (what a backup holds as etc/config/netfleet). */
  current(): DeviceConfig {
    return structuredClone(this.config);
  }

  /**
   * Replaces the settings with a backup's (`backup_restore`), through the schema check, in turn
   * with `config_set` jobs; the reason when refused or not saved, else null.
   */
  async restore(config: DeviceConfig): Promise<string | null> {
    const checked = checkAgentConfig(config);
    if ('problem' in checked) return checked.problem;
    const done = this.queue.then(() => this.save(checked.config));
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Applies and saves; the store in memory changes only once the file has the change. */
  private async apply(args: ConfigSetArgs): Promise<CommandOutcome> {
    const { outcome, store } = configSetOutcome(this.config, args, AGENT_CONFIG_MODEL);
    if (!store) return outcome;
    const problem = await this.save(store);
    return problem === null ? outcome : { status: 'failed', message: problem };
  }

  /** Writes the file (atomically), then keeps the store; why it could not, else null. */
  private async save(store: DeviceConfig): Promise<string | null> {
    try {
      await writeState(this.path, { version: 1, config: store });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return `The configuration could not be saved: ${reason}`.slice(0, 1024);
    }
    this.config = store;
    return null;
  }
}
