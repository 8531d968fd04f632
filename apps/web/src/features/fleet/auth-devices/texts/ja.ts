import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  title: '承認済みデバイス',
  intro:
    'シリアル番号が、MAC または IMEI の異なる別のデバイスにすでに登録されているデバイスは、登録時に拒否されます（接続コード 7）。正当なハードウェア変更（メインボードの交換など）の後で承認してください。登録済みデバイスが新しい MAC/IMEI を引き継ぎ、そのハードウェアは次回の試行時に自身のクレームシークレットで登録されます。古い認証情報は使用できなくなります。',
  refusedTab: '拒否',
  approvalsTab: '承認',
  refusedTable: '拒否されたデバイス ID',
  approvalsTable: '承認されたデバイス ID',
  emptyRefused: '拒否されたデバイス ID はありません',
  emptyApprovals: '承認はまだありません',
  searchPlaceholder: 'シリアル、MAC、IMEI、デバイス、会社で検索',
  serial: 'シリアル',
  stated: '申告された MAC / IMEI',
  registered: '登録済みデバイス',
  registeredIdentity: '登録済みの MAC / IMEI',
  company: '会社',
  model: 'モデル',
  attempts: '試行回数',
  firstSeen: '初回検出',
  lastSeen: '最終検出',
  address: 'IP アドレス',
  approvedAt: '承認日時',
  approvedBy: '承認者',
  previous: '以前の MAC / IMEI',
  approve: '承認',
  dismiss: '却下',
  approveTitle: 'デバイス ID を承認',
  approveMessage: (serial: string, identity: string, device: string) =>
    `デバイス「${device}」（シリアル ${serial}）は ${identity} を ID として引き継ぎ、再登録が必要になります。現在の認証情報は使用できなくなります。続行しますか？`,
  dismissTitle: 'デバイス ID を却下',
  dismissMessage: (serial: string, identity: string) =>
    `シリアル ${serial} の拒否された ID ${identity} を却下しますか？そのデバイスが再度登録を試みると、再び一覧に表示されます。`,
  approved: 'デバイス ID を承認しました',
  dismissed: 'デバイス ID を却下しました',
  approveFailed: 'デバイス ID を承認できませんでした',
  dismissFailed: 'デバイス ID を却下できませんでした',
  none: '—',
};
