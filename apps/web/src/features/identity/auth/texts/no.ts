import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  signIn: 'Logg inn',
  signInTitle: (app: string) => `Logg inn på ${app}`,
  email: 'E-post',
  password: 'Passord',
  tooManyAttempts: (seconds: number) => `For mange forsøk. Prøv igjen om ${seconds} s`,
  tooManyAttemptsLater: 'For mange forsøk. Prøv igjen senere.',
  signOutTitle: 'Logg ut',
  signingOut: 'Logger ut…',
  signedOut: 'Du er logget ut',
  signOutFailed: 'Utloggingen mislyktes',
  signInAgain: 'Logg inn igjen',
  retry: 'Prøv igjen',
  verifyTitle: 'Bekreftelse av e-post',
  verifying: 'Bekrefter e-postadressen din…',
  verified: 'E-postadressen din er bekreftet.',
  verifyFailed: 'E-postadressen kunne ikke bekreftes.',
  verifyMissingToken: 'Bekreftelseslenken er ufullstendig: den mangler token.',
  toConsole: 'Gå til konsollen',
};
