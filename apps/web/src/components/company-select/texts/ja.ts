import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  filterLabel: '会社で絞り込み',
  allCompanies: 'すべての会社',
  noCompanies: '会社が見つかりません',
};
