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
  forgotPassword: 'Glemt passordet?',
  forgotTitle: 'Tilbakestill passord',
  forgotIntro:
    'Skriv inn e-postadressen til kontoen din, så sender vi deg en lenke der du kan velge et nytt passord.',
  sendLink: 'Send lenke',
  linkSent: (email: string, minutes: number) =>
    `Hvis det finnes en konto for ${email}, har vi sendt en lenke dit. Lenken virker i ${minutes} minutter.`,
  backToSignIn: 'Tilbake til innlogging',
  resetTitle: 'Velg et nytt passord',
  newPassword: 'Nytt passord',
  confirmPassword: 'Bekreft nytt passord',
  setPassword: 'Lagre passord',
  resetMissingToken: 'Lenken for tilbakestilling av passord er ufullstendig: den mangler token.',
  requestNewLink: 'Be om en ny lenke',
  passwordWasReset: 'Passordet ditt er endret. Logg inn med det nye passordet.',
};
