import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  title: 'E-postlogger',
  logTab: 'Logg',
  outboxTab: 'Utboks',
  date: 'Dato',
  to: 'Til',
  subject: 'Emne',
  status: 'Status',
  error: 'Feil',
  emptyLogs: 'Fant ingen e-postlogger',
  emptyOutbox: 'Ingen usendt e-post',
  search: 'Søk etter mottaker eller emne',
  statusFilter: 'Filtrer etter status',
  allStatuses: 'Alle statuser',
  statuses: {
    logged: 'Logget',
    sent: 'Sendt',
    failed: 'Feilet',
  },
  recipient: (to: string) => `Til: ${to}`,
  links: 'Lenker',
  copy: 'Kopier',
  copied: 'Kopiert',
  copyLink: (link: string) => `Kopier ${link}`,
  outboxNote: (days: number, messages: number) =>
    'E-post som netfleet ikke sendte fordi ingen e-postserver (SMTP_URL) er konfigurert, komplett med ' +
    'lenker og koder, slik at du kan videreformidle den. Bare superadministratorer ser den; den beholder de siste ' +
    `${days} dagene, høyst ${messages} meldinger.`,
};
