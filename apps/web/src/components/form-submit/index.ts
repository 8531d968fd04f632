export { askForMfa, MFA_DIALOG_ID } from './ask-for-mfa';
export { isMfaRequired, mfaChallengeOf } from './mfa-challenge';
export { sendWithMfa, type MfaOutcome } from './send-with-mfa';
export { MFA_TEXTS } from './texts';
export type { FormSubmit, MfaPrompt, MfaResponse, SubmitOptions, SubmitState } from './types';
export { useFormSubmit } from './use-form-submit';
