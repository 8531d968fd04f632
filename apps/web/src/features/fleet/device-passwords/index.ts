export {
  PasswordManagerDialog,
  passwordManagerDialog,
  type PasswordManagerDialogProps,
} from './components/password-manager-dialog';
export type { PasswordDevice } from './model/password-forms';
