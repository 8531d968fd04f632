import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  loading: '読み込み中',
  retry: '再試行',
  empty: 'データがありません',
};
