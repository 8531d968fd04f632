import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: 'パスワードを確認してください',
  password: 'パスワード',
  confirm: '確認',
  cancel: 'キャンセル',
};
