import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  jobStates: {
    queued: '待機中',
    sent: '送信済み',
    running: '実行中',
    completed: '完了',
    failed: '失敗',
    cancelled: 'キャンセル済み',
    timeout: 'タイムアウト',
  },
};
