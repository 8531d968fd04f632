import { z } from 'zod';
import { collectConfigArgsSchema, type CollectConfig } from '@netfleet/contracts';
import { readState, writeState } from '../state-file.ts';

// The agent's data-collect set (`collect_config`), kept in collect.json beside its state file so
// that a restarted agent collects again as soon as it is online.

const fileSchema = z.object({
  version: z.literal(1),
  configs: collectConfigArgsSchema.shape.configs,
});

export class CollectStore {
  /** Saves in turn: two jobs never write the same temporary file at once. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private saved: readonly CollectConfig[],
  ) {}

  /**
   * The saved set, or none. A file that cannot be read or does not fit the schema gives none and
   * a warning: the agent still starts, and the next `collect_config` replaces the file.
   */
  static async load(path: string, warn: (message: string) => void): Promise<CollectStore> {
    let problem: string;
    try {
      const stored = await readState(path, z.unknown(), null);
      if (stored === null) return new CollectStore(path, []);
      const file = fileSchema.safeParse(stored);
      if (file.success) return new CollectStore(path, file.data.configs);
      const issue = file.error.issues[0];
      problem = `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not valid'}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    warn(`${path} is not a valid data-collect file (${problem}); collecting nothing`);
    return new CollectStore(path, []);
  }

  configs(): readonly CollectConfig[] {
    return this.saved;
  }

  /** Writes the set (atomically); why it could not, else null. */
  save(configs: readonly CollectConfig[]): Promise<string | null> {
    const done = this.queue.then(async () => {
      try {
        await writeState(this.path, { version: 1, configs });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return `The data-collect configs could not be saved: ${reason}`.slice(0, 1024);
      }
      this.saved = configs;
      return null;
    });
    this.queue = done;
    return done;
  }
}
