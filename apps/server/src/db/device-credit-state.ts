import { sql, type SQL } from 'drizzle-orm';
import { deviceCredits } from './schema';

/**
 * Whether a device_credits row's paid period is running at `at` (the database's clock without
 * it): a period was paid (`activated_at`, cleared by the sweep when it could not extend it) and
 * has not ended. One definition for the device answers, the gateway and the services.
 */
export const creditActive = (at?: Date): SQL => {
  const instant = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`(${deviceCredits.activatedAt} is not null and ${deviceCredits.expiresAt} > ${instant})`;
};
