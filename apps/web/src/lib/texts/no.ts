import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  downloadFailed: 'Kunne ikke laste ned filen',
  channelRevoked: 'Du har ikke lenger tilgang til denne kanalen',
};
