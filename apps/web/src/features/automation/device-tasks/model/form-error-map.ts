import { createFormErrorMap } from '@/components/form-errors';
import { TASK_TEXTS as T } from '../texts';

/** Empty inputs and out-of-range numbers in the form's words rather than zod's. */
export const formErrorMap = createFormErrorMap({
  required: T.required,
  atLeast: T.atLeast,
  atMost: T.atMost,
});
