import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  breadcrumb: 'パンくずリスト',
  loadingChart: 'グラフを読み込み中',
  loadingMap: '地図を読み込み中',
  cancel: 'キャンセル',
  positions: (count: number) => plural(count, { other: '{{count}} 件の位置' }),
};
