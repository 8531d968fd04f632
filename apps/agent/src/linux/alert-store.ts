import { z } from 'zod';
import { type AlertsConfigArgs, alertsConfigArgsSchema } from '@netfleet/contracts';
import { EMPTY_ALERT_SET } from '../alert-jobs.ts';
import { readState, writeState } from '../state-file.ts';

// The agent's device alert set (`alerts_config`), kept in alerts.json beside its state file so a
// restarted agent watches its readings again at once (as collect-store.ts keeps data collect's).

const fileSchema = z.object({ version: z.literal(1), set: alertsConfigArgsSchema });

export class AlertStore {
  /** Saves in turn: two jobs never write the same temporary file at once. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private saved: AlertsConfigArgs,
  ) {}

  /** The saved set, or none; a file that cannot be read gives none and a warning. */
  static async load(path: string, warn: (message: string) => void): Promise<AlertStore> {
    let problem: string;
    try {
      const stored = await readState(path, z.unknown(), null);
      if (stored === null) return new AlertStore(path, EMPTY_ALERT_SET);
      const file = fileSchema.safeParse(stored);
      if (file.success) return new AlertStore(path, file.data.set);
      const issue = file.error.issues[0];
      problem = `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not valid'}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    warn(`${path} is not a valid device alerts file (${problem}); watching nothing`);
    return new AlertStore(path, EMPTY_ALERT_SET);
  }

  set(): AlertsConfigArgs {
    return this.saved;
  }

  /** Writes the set (atomically); why it could not, else null. */
  save(set: AlertsConfigArgs): Promise<string | null> {
    const done = this.queue.then(async () => {
      try {
        await writeState(this.path, { version: 1, set });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return `The alert configs could not be saved: ${reason}`.slice(0, 1024);
      }
      this.saved = set;
      return null;
    });
    this.queue = done;
    return done;
  }
}
