import { createFormErrorMap } from '@/components/form-errors';
import { CONFIG_TEXTS as T } from '../texts';

/** Empty inputs, long texts and long option names in the form's words rather than zod's. */
export const formErrorMap = createFormErrorMap({
  required: T.required,
  atMostCharacters: T.atMostCharacters,
  keyTooLong: T.optionNameTooLong,
});
