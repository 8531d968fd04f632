import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: '通知',
  bell: '通知',
  bellUnseen: (count: number) => `通知、未読 ${count} 件`,
  empty: '通知はありません',
  failed: '通知を取得できませんでした。',
  viewAll: 'すべて表示',
  date: '日時',
  type: '種類',
  summary: '概要',
  state: '状態',
  unseen: '新着',
  seen: '既読',
  markSeen: '既読にする',
  markSeenAria: (summary: string) => `「${summary}」を既読にする`,
  markAllSeen: 'すべて既読にする',
  markSeenFailed: '通知を既読にできませんでした',
  search: '通知を検索',
  typeLabels: {
    invitedUserRegistration: '招待したユーザーが登録しました',
    creditCodeActivation: 'クレジットコードが有効化されました',
    creditAmountTooLow: 'クレジット残高不足',
    deviceAlert: 'デバイスアラート',
  },
};
