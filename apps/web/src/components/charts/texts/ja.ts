import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  expand: (title: string) => `${title} を全画面で開く`,
  expandTooltip: '全画面',
  zoom: '表示期間',
  zoomFrom: '表示期間の開始',
  zoomTo: '表示期間の終了',
  resetZoom: 'すべて表示',
  points: (shown: number, total: number) => plural(total, { other: `{{count}} 点中 ${shown} 点` }),
  downloadCsv: 'CSV をダウンロード',
  legend: '凡例',
  series: '系列',
  min: '最小',
  max: '最大',
  average: '平均',
  last: '最新',
  none: '—',
  time: '時刻',
};
