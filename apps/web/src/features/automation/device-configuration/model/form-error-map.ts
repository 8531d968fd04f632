import type { z } from 'zod';
import { CONFIG_TEXTS as T } from '../texts';

/** Empty inputs, long texts and long option names in the form's words rather than zod's. */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const empty = issue.input === undefined || issue.input === null;
  if (issue.code === 'invalid_type' && empty) return T.required;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return T.required;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return T.atMostCharacters(issue.maximum);
  if (issue.code === 'invalid_key') return T.optionNameTooLong;
  return undefined;
};
