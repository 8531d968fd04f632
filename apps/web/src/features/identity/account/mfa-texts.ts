// English texts of the account page's two-factor authentication section and set-up dialogs.
import { MFA_MESSAGES, type MfaStatus } from '@netfleet/contracts';

export const MFA_SECTION_TEXTS = {
  title: 'Two-factor authentication',
  help: 'A second step at sign-in: a code from your authenticator app or your e-mail, after your password.',
  statusLabel: 'Status',
  loading: 'Loading two-factor authentication',
  failed: 'Failed to load two-factor authentication',
  retry: 'Retry',
  recoveryLeft: (count: number) =>
    count === 1 ? '1 recovery code left' : `${count} recovery codes left`,
  enforced: MFA_MESSAGES.enforced,
  enforcedOff: 'Your company requires two-factor authentication, so it cannot be turned off.',
  setUpTotp: 'Set up authenticator app',
  useEmail: 'Use e-mail codes',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off two-factor authentication',
  turnOffConfirm:
    'Signing in will need only your password again, and your recovery codes stop working.',
  turnedOff: 'Two-factor authentication turned off',
  turnOffFailed: 'Failed to turn off two-factor authentication',
  startFailed: 'Failed to start the set-up',
} as const;

export const MFA_METHOD_LABELS: Record<NonNullable<MfaStatus['mfa_type']>, string> = {
  email: 'E-mail codes',
  teltonika_id: 'ID-based',
  totp: 'Authenticator app',
};

export const MFA_NOT_ENABLED = 'Not enabled';

export const MFA_SETUP_TEXTS = {
  chooseTitle: 'Set up two-factor authentication',
  choose: 'How do you want to receive your sign-in codes?',
  totpOption: 'Authenticator app',
  totpOptionHelp:
    'A code from an app such as Google Authenticator, Microsoft Authenticator or 1Password.',
  emailOption: 'E-mail',
  emailOptionHelp: 'A code sent to your e-mail address each time you sign in.',
  totpTitle: 'Set up authenticator app',
  scan: 'Scan this QR code with your authenticator app, or enter the key by hand. Then enter the code the app shows.',
  qrAlt: 'QR code for your authenticator app',
  secret: 'Key',
  copyKey: 'Copy key',
  emailTitle: 'Use e-mail codes',
  emailSent: 'We sent a 6-digit code to your e-mail address. It is valid for 10 minutes.',
  resend: 'Send a new code',
  resent: 'A new code is on its way',
  code: 'Code',
  verify: 'Verify',
  cancel: 'Cancel',
  enabled: 'Two-factor authentication is on',
  recoveryTitle: 'Save your recovery codes',
  recoveryOnce:
    'Each code signs you in once if you lose access to your authenticator app or e-mail. They are shown only this once: copy or download them now.',
  copyCodes: 'Copy codes',
  copied: 'Copied',
  download: 'Download',
  done: 'Done',
  recoveryFile: 'recovery-codes.txt',
} as const;
