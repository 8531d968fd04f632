import { isUniqueViolation } from '@/db/errors';
import { conflict } from '@/lib/api-error';

/**
 * The work, with a lost race against a unique index (two requests adding the same hub name,
 * client or option at once) answered 409 naming the field rather than 500.
 */
export const orConflict = async <T>(work: Promise<T>, message: string, source: string) => {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, source);
    throw error;
  }
};
