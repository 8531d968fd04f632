import type { z } from 'zod';
import { createFormErrorMap } from '@/components/form-errors';
import { VPN_TEXTS as T } from '../texts';

const base = createFormErrorMap({ required: T.required });

/**
 * Empty inputs and empty pickers in the forms' words rather than zod's: an address left empty is
 * missing, not an 'Invalid IPv4 address'.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === '') return T.required;
  if (issue.code === 'too_small' && issue.origin === 'array' && issue.minimum === 1) {
    return T.required;
  }
  return base(issue);
};
