// Pages for the app layer's route registry: /account (inside the shell).
export { AccountPage } from './pages/account-page';
// The two-factor set-up, also offered by the app layer's full-page MFA_MANDATORY notice.
export { mfaSetupDialog, type MfaSetupOptions } from './components/mfa-setup';
