export {
  applyServerErrors,
  fieldErrorProp,
  mapServerErrors,
  splitServerErrors,
  type SplitErrors,
} from './server-errors';
export { FormErrorAlert } from './form-error-alert';
export { useServerSubmit } from './use-server-submit';
export { createFormErrorMap, type FormErrorTexts } from './form-error-map';
export { translateFieldErrors, zodResolver } from './zod-resolver';
