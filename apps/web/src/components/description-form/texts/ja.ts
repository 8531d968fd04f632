import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: '説明を編集',
  description: '説明',
  save: '保存',
};
