import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  title: 'Редагувати опис',
  description: 'Опис',
  save: 'Зберегти',
};
