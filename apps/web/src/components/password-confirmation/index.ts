export {
  PasswordConfirmationDialog,
  PASSWORD_CONFIRMATION_TEXTS,
} from './password-confirmation-dialog';
