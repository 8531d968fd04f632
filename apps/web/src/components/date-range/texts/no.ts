import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  period: 'Periode',
  custom: 'Egendefinert',
  from: 'Fra',
  to: 'Til',
  apply: 'Bruk',
  required: 'Velg dato og klokkeslett',
  startAfterEnd: 'Starten må være før slutten',
  future: 'Kan ikke være i fremtiden',
  tooLong: (days: number) =>
    plural(days, {
      one: 'Perioden kan være på høyst {{count}} dag',
      other: 'Perioden kan være på høyst {{count}} dager',
    }),
};
