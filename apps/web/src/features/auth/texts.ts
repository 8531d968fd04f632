// The auth pages' English texts, kept together so tests and components agree on them.
export const AUTH_TEXTS = {
  signIn: 'Sign in',
  signInTitle: (app: string) => `Sign in to ${app}`,
  email: 'E-mail',
  password: 'Password',
  tooManyAttempts: (seconds: number) => `Too many attempts. Try again in ${seconds} s`,
  tooManyAttemptsLater: 'Too many attempts. Try again later.',
  mfaRequiredTitle: 'MFA verification required',
  mfaRequired:
    'Multi-factor authentication is enabled for this account, so the sign-in needs a verification step that is not available here yet. Contact your administrator.',
  signOutTitle: 'Sign out',
  signingOut: 'Signing out…',
  signedOut: 'You have been signed out',
  signOutFailed: 'Signing out failed',
  signInAgain: 'Sign in again',
  retry: 'Try again',
  verifyTitle: 'E-mail verification',
  verifying: 'Verifying your e-mail address…',
  verified: 'Your e-mail address has been verified.',
  verifyFailed: 'The e-mail address could not be verified.',
  verifyMissingToken: 'The verification link is incomplete: it carries no token.',
  toConsole: 'Go to the console',
} as const;
