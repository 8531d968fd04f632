import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  tags: 'タグ',
  tag: 'タグ',
  newTag: '新しいタグ',
  editTag: 'タグを編集',
  name: '名前',
  description: '説明',
  color: '色',
  colorHelp: '空欄の場合は既定の色になります',
  company: '会社',
  devices: 'デバイス',
  createdAt: '作成日時',
  updatedAt: '更新日時',
  defaultColor: '既定',
  edit: '編集',
  delete: '削除',
  actions: '操作',
  rowActions: (name: string) => `${name} の操作`,
  deleteTitle: 'タグを削除',
  deleteConfirm: (name: string) => `タグ ${name} を削除しますか?`,
  bulkDeleteTitle: 'タグを削除',
  bulkDeleteConfirm: (count: number) =>
    plural(count, { other: '選択した {{count}} 件のタグを削除しますか?' }),
  bulkPartial: (removed: number, total: number) =>
    `${total} 件中 ${removed} 件のタグを削除しました`,
  empty: 'タグが見つかりません',
  searchPlaceholder: '名前または説明で検索',
  notFound: 'タグが見つかりません',
  details: 'タグの詳細',
  loading: '読み込み中',
  none: '—',
  items: {
    tag: 'タグ',
    tags: 'タグ',
  },
};
