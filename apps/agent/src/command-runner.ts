import type { AckMessage, CommandMessage } from '@netfleet/contracts';
import type { RecentJobs } from './job-ids.ts';
import type { CommandContext, CommandOutcome, DeviceBehaviour, SessionCounters } from './types.ts';

interface CommandRunnerDeps {
  deviceId: number;
  behaviour: DeviceBehaviour;
  counters: SessionCounters;
  /** Jobs already received (this process or, persisted, an earlier one): never run twice. */
  jobs: RecentJobs;
  /** Jobs received and not finished yet; the session's hello leaves them out of `done`. */
  running: Set<number>;
  ack(message: AckMessage): Promise<void>;
  /** What a command may do to the session besides reporting progress. */
  context: Omit<CommandContext, 'progress'>;
  onJobsChanged?: ((done: number[]) => void) | undefined;
  log?: ((message: string) => void) | undefined;
}

/** Runs one command job: received ack, progress acks, then its outcome; a throw is a failure. */
export async function runCommand(command: CommandMessage, deps: CommandRunnerDeps): Promise<void> {
  const { jobs, running, ack } = deps;
  if (jobs.has(command.id)) return;
  if (command.expires_at < Date.now()) {
    deps.log?.(`device ${deps.deviceId}: job ${command.id} expired, not started`);
    return;
  }
  jobs.add(command.id);
  running.add(command.id);
  deps.counters.commands += 1;
  void ack({ id: command.id, status: 'received' });
  const context: CommandContext = {
    ...deps.context,
    progress: (value, total, message) =>
      ack({
        id: command.id,
        status: 'progress',
        progress: { value, total },
        ...(message ? { message } : {}),
      }),
  };
  let outcome: CommandOutcome;
  try {
    outcome = await deps.behaviour.execute(command, context);
  } catch (error) {
    outcome = { status: 'failed', message: error instanceof Error ? error.message : 'failed' };
  }
  running.delete(command.id);
  void ack({ id: command.id, ...outcome });
  deps.onJobsChanged?.(jobs.list());
}
