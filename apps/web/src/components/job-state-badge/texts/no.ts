import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  jobStates: {
    queued: 'I kø',
    sent: 'Sendt',
    running: 'Kjører',
    completed: 'Fullført',
    failed: 'Mislyktes',
    cancelled: 'Avbrutt',
    timeout: 'Tidsavbrudd',
  },
};
