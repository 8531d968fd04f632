import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  retry: '再試行',
  selectRow: (id: string) => `行 ${id} を選択`,
  selectedRows: '選択された行',
  selected: (count: number) => `${count} 件選択中`,
  clearSelection: '選択を解除',
  columns: '列',
  filterColumn: (label: string) => `${label} で絞り込み`,
  all: 'すべて',
  selectAllOnPage: 'このページのすべての行を選択',
  showing: (first: number, last: number, total: number | string) =>
    `${total} 件中 ${first}–${last} 件を表示`,
  rowsPerPage: '1ページあたりの行数',
  page: (page: number) => `${page} ページ`,
  pageControls: {
    first: '最初のページ',
    previous: '前のページ',
    next: '次のページ',
    last: '最後のページ',
  },
  searchIn: '検索対象',
  search: '検索',
  clearSearch: '検索をクリア',
  actionsFor: (label: string) => `${label} の操作`,
  exportCsv: 'CSV をエクスポート',
  exporting: 'エクスポート中…',
  exportingProgress: (done: number, total: number) => `エクスポート中 ${done}/${total}`,
  exportFailed: 'CSV をエクスポートできませんでした',
  noRecords: 'レコードが見つかりません',
  loadFailed: 'データを読み込めませんでした',
  saveColumnsFailed: '列の選択を保存できませんでした',
};
