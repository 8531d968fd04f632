import type { Database, Executor } from '@/db/client';
import { actionLogs } from '@/db/schema';

export type NewActionLog = typeof actionLogs.$inferInsert;

export const createActionLogRepository = (db: Database) => ({
  async insert(values: NewActionLog, tx: Executor = db) {
    await tx.insert(actionLogs).values(values);
  },
});

export type ActionLogRepository = ReturnType<typeof createActionLogRepository>;
