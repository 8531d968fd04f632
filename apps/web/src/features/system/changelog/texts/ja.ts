import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: '変更履歴',
  version: (version: string) => `バージョン ${version}`,
};
