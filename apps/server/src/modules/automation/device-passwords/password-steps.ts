import type { Executor } from '@/db/client';
import { randomToken, type SecretBox } from '@/lib/crypto';
import type { DevicePasswordsRepository } from './device-passwords.repository';
import { newDevicePassword } from './device-passwords.service';

/** The run step a password list belongs to, and who ran it. */
export interface PasswordStepOwner {
  runId: number;
  stepIndex: number;
  companyId: number;
  userId: number | null;
  channel: string | null;
}

/**
 * The task manager's password_change step: each device gets a new random password as a
 * `set_password` job, sealed into the step's password list (a batch of the password manager),
 * which can be downloaded once. A device that changes after the download starts a new list, so
 * no password is ever set that nobody can read.
 */
export const createPasswordSteps = ({
  repository,
  box,
}: {
  repository: Pick<
    DevicePasswordsRepository,
    'openStepBatch' | 'insertStepBatch' | 'upsertBatchDevice'
  >;
  box: SecretBox;
}) => {
  /** The step's open list, made on first use. */
  const batchOf = async (owner: PasswordStepOwner, tx: Executor) => {
    const found = await repository.openStepBatch(owner.runId, owner.stepIndex, tx);
    if (found) return found;
    await repository.insertStepBatch({ id: randomToken(48), ...owner }, tx);
    const made = await repository.openStepBatch(owner.runId, owner.stepIndex, tx);
    if (!made) throw new Error('password list of the step not made');
    return made;
  };

  return {
    generate: (length: number, special: boolean) => newDevicePassword(length, special),

    /** Seals the password the device's job carries into the step's list. */
    async record(
      owner: PasswordStepOwner,
      deviceId: number,
      jobId: number,
      password: string,
      tx: Executor,
    ) {
      const batchId = await batchOf(owner, tx);
      await repository.upsertBatchDevice(
        batchId,
        { deviceId, jobId, sealedPassword: box.seal(password) },
        tx,
      );
    },
  };
};

export type PasswordSteps = ReturnType<typeof createPasswordSteps>;
