import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  actionStatus: {
    title: 'アクションのステータス',
    close: '閉じる',
    minimize: '最小化',
    restore: (title: string) => `${title} を表示`,
    minimizedBar: '最小化されたアクションのステータス',
    waiting: '更新を待っています…',
    item: '項目',
    status: 'ステータス',
    details: '詳細',
    expired: 'このアクションのステータスは利用できなくなりました。',
    failed: 'アクションのステータスを取得できませんでした',
    open: '開く',
    download: 'ダウンロード',
    itemLabel: (item: string) => `#${item}`,
    progress: (value: number, total: number) => `${value} / ${total}`,
    summary: (done: number, total: number) => `${total} 件中 ${done} 件完了`,
  },
  statusLabels: {
    started: '開始',
    progress: '進行中',
    warning: '警告',
    error: 'エラー',
    completed: '完了',
  },
};
