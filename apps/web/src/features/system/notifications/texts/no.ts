import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  title: 'Varsler',
  bell: 'Varsler',
  bellUnseen: (count: number) => `Varsler, ${count} usett`,
  empty: 'Ingen varsler',
  failed: 'Kunne ikke hente varsler.',
  viewAll: 'Vis alle',
  date: 'Dato',
  type: 'Type',
  summary: 'Sammendrag',
  state: 'Tilstand',
  unseen: 'Ny',
  seen: 'Sett',
  markSeen: 'Merk som sett',
  markSeenAria: (summary: string) => `Merk «${summary}» som sett`,
  markAllSeen: 'Merk alle som sett',
  markSeenFailed: 'Kunne ikke merke varslene som sett',
  search: 'Søk i varsler',
  typeLabels: {
    invitedUserRegistration: 'Invitert bruker registrert',
    creditCodeActivation: 'Kredittkode aktivert',
    creditAmountTooLow: 'For lav kreditt',
    deviceAlert: 'Enhetsvarsel',
  },
};
