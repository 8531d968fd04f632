import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  loading: 'Laster inn',
  retry: 'Prøv igjen',
  empty: 'Ingen data',
};
