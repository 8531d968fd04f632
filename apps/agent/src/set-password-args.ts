import {
  DEVICE_PASSWORD_MAX_LENGTH,
  DEVICE_PASSWORD_MIN_LENGTH,
  setPasswordArgsSchema,
  type CommandMessage,
  type SetPasswordArgs,
} from '@netfleet/contracts';
import type { CommandOutcome } from './types.ts';

// What the Linux agent and the simulator share about a `set_password` job. No message here ever
// contains the password: acks and logs leave the device.

/** The message of a completed `set_password` job. */
export const PASSWORD_CHANGED = 'Password changed';

/**
 * Control characters have no place in a password, and a line break would let one `set_password`
 * job feed chpasswd a second `user:password` line.
 */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The job's `set_password` args, or the `rejected` outcome saying what is wrong with them. */
export const parseSetPasswordArgs = (
  command: CommandMessage,
): { args: SetPasswordArgs } | { rejected: CommandOutcome } => {
  const parsed = setPasswordArgsSchema.safeParse(command.args);
  if (!parsed.success) {
    return {
      rejected: {
        status: 'rejected',
        message: `args.password must be a string of ${DEVICE_PASSWORD_MIN_LENGTH} to ${DEVICE_PASSWORD_MAX_LENGTH} characters`,
      },
    };
  }
  if (CONTROL_CHARACTERS.test(parsed.data.password)) {
    return {
      rejected: { status: 'rejected', message: 'args.password may not contain control characters' },
    };
  }
  return { args: parsed.data };
};
