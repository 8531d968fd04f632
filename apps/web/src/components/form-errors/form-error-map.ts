import type { z } from 'zod';

type Bound = (limit: number | bigint) => string;

/** The words a form uses for zod's issues; an issue without words keeps zod's message. */
export interface FormErrorTexts {
  required: string;
  atLeast?: Bound;
  atMost?: Bound;
  atMostCharacters?: Bound;
  /** A record key over its length limit (option names). */
  keyTooLong?: string;
}

/**
 * A zod error map in the form's words: empty inputs (also a number input left blank, NaN),
 * empty texts, out-of-range numbers, long texts and long keys.
 */
export const createFormErrorMap =
  (texts: FormErrorTexts): z.core.$ZodErrorMap =>
  (issue) => {
    const empty =
      issue.input === undefined ||
      issue.input === null ||
      (typeof issue.input === 'number' && Number.isNaN(issue.input));
    if (issue.code === 'invalid_type' && empty) return texts.required;
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
      return texts.required;
    if (issue.code === 'too_small' && issue.origin === 'number')
      return texts.atLeast?.(issue.minimum);
    if (issue.code === 'too_big' && issue.origin === 'number') return texts.atMost?.(issue.maximum);
    if (issue.code === 'too_big' && issue.origin === 'string')
      return texts.atMostCharacters?.(issue.maximum);
    if (issue.code === 'invalid_key') return texts.keyTooLong;
    return undefined;
  };
