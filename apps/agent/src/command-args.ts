import {
  acceptableCodes,
  commandArgsSchema,
  commandExitMessage,
  type CommandArgs,
  type CommandMessage,
} from '@netfleet/contracts';
import type { CommandOutcome } from './types.ts';

// What the Linux agent and the simulator share about a `command` job: its arguments, and what an
// exit code means for the final ack.

/** The job's `command` args, or the `rejected` outcome saying which one is wrong. */
export const parseCommandArgs = (
  command: CommandMessage,
): { args: CommandArgs } | { rejected: CommandOutcome } => {
  const parsed = commandArgsSchema.safeParse(command.args);
  if (parsed.success) return { args: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? 'command';
  return {
    rejected: {
      status: 'rejected',
      message:
        field === 'command' || field === ''
          ? 'args.command is required'
          : `invalid args.${field}: ${issue?.message}`,
    },
  };
};

/** `completed` for an exit code in `acceptable_codes` (default [0]), else `failed` with the code. */
export const exitCodeOutcome = (code: number, result: string, args: CommandArgs): CommandOutcome =>
  acceptableCodes(args).includes(code)
    ? { status: 'completed', result }
    : { status: 'failed', message: commandExitMessage(code), result };
