import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  mfa: {
    title: 'Tofaktorautentisering',
    email: 'Skriv inn koden vi sendte til e-postadressen din',
    totp: 'Skriv inn koden fra autentiseringsappen din',
    code: 'Bekreftelseskode',
    recoveryCode: 'Gjenopprettingskode',
    recoveryHelp: 'En av gjenopprettingskodene du lagret da du slo på tofaktorautentisering.',
    recoveryFormat: 'Skriv inn gjenopprettingskoden som xxxx-xxxx',
    codeRequired: 'Skriv inn bekreftelseskoden',
    useRecovery: 'Bruk en gjenopprettingskode i stedet',
    useCode: 'Bruk en bekreftelseskode i stedet',
    verify: 'Bekreft',
    cancel: 'Avbryt',
  },
  partial: {
    except: (done: string) => `${done.replace(/\.$/, '')}, unntatt:`,
  },
};
