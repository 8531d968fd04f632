import type { z } from 'zod';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';

/** Empty inputs and out-of-range numbers in the form's words rather than zod's. */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const empty =
    issue.input === undefined ||
    issue.input === null ||
    (typeof issue.input === 'number' && Number.isNaN(issue.input));
  if (issue.code === 'invalid_type' && empty) return T.required;
  if (issue.code === 'too_small' && issue.origin === 'number') return T.atLeast(issue.minimum);
  if (issue.code === 'too_big' && issue.origin === 'number') return T.atMost(issue.maximum);
  return undefined;
};
