import { PASSWORD_MIN_LENGTH } from '@netfleet/contracts';
import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  registerTitle: 'Opprett kontoen din',
  loading: 'Laster invitasjonen…',
  notFound: 'Invitasjonen finnes ikke eller er utløpt',
  notFoundHelp: 'Be personen som inviterte deg, om å sende en ny invitasjon.',
  loadFailed: 'Invitasjonen kunne ikke lastes.',
  retry: 'Prøv igjen',
  toSignIn: 'Gå til innlogging',
  invitedBy: 'Du er invitert til {{company}} som {{role}} av {{inviter}}.',
  invited: 'Du er invitert til {{company}} som {{role}}.',
  email: 'E-post',
  username: 'Brukernavn',
  usernameHelp: 'Valgfritt: delen av e-postadressen din før @ brukes hvis feltet står tomt',
  password: 'Passord',
  passwordHelp: `Minst ${PASSWORD_MIN_LENGTH} tegn`,
  passwordConfirmation: 'Bekreft passord',
  passwordMismatch: 'Passordene er ikke like',
  companyName: 'Firmanavn',
  companyNameRequired: 'Firmanavn må fylles ut',
  newCompanyHelp: (parent: string) =>
    `Gi firmaet ditt et navn nedenfor: det opprettes som et datterselskap av ${parent}.`,
  register: 'Opprett konto',
};
