/** The database cannot be reached or opened; the message is the one line the operator sees. */
export class DatabaseConnectionError extends Error {}

const UNIQUE_VIOLATION = '23505';

/**
 * A write lost a race against a unique index. Drizzle wraps the driver's error (pg and PGlite
 * both carry the SQLSTATE in `code`) in its own, so the cause chain is searched.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
};
