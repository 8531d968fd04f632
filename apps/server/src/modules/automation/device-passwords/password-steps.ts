import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { passwordBatchDevices, passwordBatches } from '@/db/schema';
import { randomToken, type SecretBox } from '@/lib/crypto';
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
export const createPasswordSteps = ({ box }: { box: SecretBox }) => {
  /** The step's open list, made on first use; the row lock keeps a download from racing it. */
  const batchOf = async (owner: PasswordStepOwner, tx: Executor) => {
    const open = () =>
      tx
        .select({ id: passwordBatches.id })
        .from(passwordBatches)
        .where(
          and(
            eq(passwordBatches.runId, owner.runId),
            eq(passwordBatches.stepIndex, owner.stepIndex),
            isNull(passwordBatches.deletedAt),
          ),
        )
        .for('update');
    const [found] = await open();
    if (found) return found.id;
    await tx
      .insert(passwordBatches)
      .values({
        id: randomToken(48),
        companyId: owner.companyId,
        userId: owner.userId,
        channel: owner.channel,
        runId: owner.runId,
        stepIndex: owner.stepIndex,
      })
      .onConflictDoNothing();
    const [made] = await open();
    if (!made) throw new Error('password list of the step not made');
    return made.id;
  };

  return {
    generate: (length: number, special: boolean) => newDevicePassword(length, special),

    /** Seals the password the device's job carries into the step's list (a retry replaces it). */
    async record(
      owner: PasswordStepOwner,
      deviceId: number,
      jobId: number,
      password: string,
      tx: Executor,
    ) {
      const batchId = await batchOf(owner, tx);
      await tx
        .insert(passwordBatchDevices)
        .values({ batchId, deviceId, jobId, sealedPassword: box.seal(password) })
        .onConflictDoUpdate({
          target: [passwordBatchDevices.batchId, passwordBatchDevices.deviceId],
          set: { jobId: sql`excluded.job_id`, sealedPassword: sql`excluded.sealed_password` },
        });
    },
  };
};

export type PasswordSteps = ReturnType<typeof createPasswordSteps>;
