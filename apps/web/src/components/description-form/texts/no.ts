import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  title: 'Rediger beskrivelse',
  description: 'Beskrivelse',
  save: 'Lagre',
};
