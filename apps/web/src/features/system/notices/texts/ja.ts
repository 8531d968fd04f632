import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  important: '重要',
  item: 'お知らせ',
  control: 'グローバルなお知らせ',
  listTitle: 'グローバルなお知らせ',
  pageTitle: 'グローバルなお知らせ',
  tableLabel: 'グローバルなお知らせ',
  empty: 'お知らせが見つかりません',
  search: 'お知らせを検索',
  createNotice: '新しいお知らせ',
  editNotice: 'お知らせを編集',
  type: '種類',
  message: 'メッセージ',
  messageHelp:
    '使用できる書式: <b>、<i>、<em>、<strong>、<a href="…">、<img src="https://…">。その他のタグはテキストとして表示されます。',
  preview: 'プレビュー',
  previewEmpty: 'ユーザーに表示されるとおりにメッセージがここに表示されます。',
  enabled: '有効',
  enabledAt: '有効化日時',
  draft: '無効',
  actions: '操作',
  save: '保存',
  cancel: 'キャンセル',
  edit: (id: number) => `お知らせ ${id} を編集`,
  toggle: (id: number) => `お知らせ ${id} を有効化`,
  remove: (id: number) => `お知らせ ${id} を削除`,
  deleteTitle: 'お知らせを削除',
  deleteConfirm: 'このお知らせを削除しますか？ユーザーにはすぐに表示されなくなります。',
  delete: '削除',
  typeLabels: {
    info: '情報',
    warning: '警告',
    critical: '重大',
  },
};
