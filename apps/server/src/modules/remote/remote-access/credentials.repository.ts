import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { deviceCredentials } from '@/db/schema';

export interface StoredCredential {
  userId: number;
  deviceId: number;
  username: string;
  /** Sealed (lib/crypto.ts createSecretBox): never the plaintext. */
  secret: string;
  auth: 'password' | 'key';
}

/** One saved login per user and device; the secret arrives and leaves sealed. */
export const createCredentialsRepository = (db: Database) => {
  const own = (userId: number, deviceId: number) =>
    and(eq(deviceCredentials.userId, userId), eq(deviceCredentials.deviceId, deviceId));

  return {
    async find(userId: number, deviceId: number, tx: Executor = db) {
      const [row] = await tx.select().from(deviceCredentials).where(own(userId, deviceId));
      return row ?? null;
    },

    /** Saving again replaces the previous login (the primary key is user and device). */
    async upsert(values: StoredCredential, tx: Executor = db) {
      await tx
        .insert(deviceCredentials)
        .values(values)
        .onConflictDoUpdate({
          target: [deviceCredentials.userId, deviceCredentials.deviceId],
          set: {
            username: values.username,
            secret: values.secret,
            auth: values.auth,
            updatedAt: new Date(),
          },
        });
    },

    /** Whether there was one to remove. */
    async remove(userId: number, deviceId: number, tx: Executor = db) {
      const rows = await tx
        .delete(deviceCredentials)
        .where(own(userId, deviceId))
        .returning({ userId: deviceCredentials.userId });
      return rows.length > 0;
    },
  };
};

export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
