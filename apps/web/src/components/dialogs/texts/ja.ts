import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  dialog: {
    close: '閉じる',
    minimize: '最小化',
    maximize: '最大化',
    restoreSize: '元のサイズに戻す',
    help: 'ヘルプ',
    restore: (title: string) => `${title} を元に戻す`,
    closeMinimized: (title: string) => `${title} を閉じる`,
    minimizedBar: '最小化されたウィンドウ',
    confirmTitle: '確認',
    confirm: '確認',
    cancel: 'キャンセル',
    ok: 'OK',
    errorTitle: 'エラー',
    required: (label: string) => `${label}は必須です`,
  },
  viewer: {
    copy: 'コピー',
    copied: 'コピーしました',
    download: 'ダウンロード',
    document: (title: string) => `${title} の内容`,
  },
};
