import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: 'メールログ',
  logTab: 'ログ',
  outboxTab: '送信トレイ',
  date: '日時',
  to: '宛先',
  subject: '件名',
  status: 'ステータス',
  error: 'エラー',
  emptyLogs: 'メールログが見つかりません',
  emptyOutbox: '未送信のメールはありません',
  search: '宛先または件名で検索',
  statusFilter: 'ステータスで絞り込む',
  allStatuses: 'すべてのステータス',
  statuses: {
    logged: '記録済み',
    sent: '送信済み',
    failed: '失敗',
  },
  recipient: (to: string) => `宛先: ${to}`,
  links: 'リンク',
  copy: 'コピー',
  copied: 'コピーしました',
  copyLink: (link: string) => `${link} をコピー`,
  outboxNote: (days: number, messages: number) =>
    'メールサーバー (SMTP_URL) が設定されていないため netfleet が送信しなかったメールです。リンクやコードも含めて' +
    'そのまま表示されるので、手動で伝えてください。スーパー管理者のみが閲覧できます。保持期間は過去 ' +
    `${days} 日間、最大 ${messages} 件です。`,
};
