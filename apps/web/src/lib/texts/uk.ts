import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  downloadFailed: 'Не вдалося завантажити файл',
  channelRevoked: 'Ви більше не можете отримувати дані з цього каналу',
};
