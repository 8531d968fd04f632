import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  mfa: {
    title: '2 要素認証',
    email: 'メールで送信されたコードを入力してください',
    totp: '認証アプリに表示されたコードを入力してください',
    code: '確認コード',
    recoveryCode: 'リカバリーコード',
    recoveryHelp: '2 要素認証を有効にしたときに保存したリカバリーコードのいずれかです。',
    recoveryFormat: 'リカバリーコードを xxxx-xxxx の形式で入力してください',
    codeRequired: '確認コードを入力してください',
    useRecovery: '代わりにリカバリーコードを使用',
    useCode: '代わりに確認コードを使用',
    verify: '確認',
    cancel: 'キャンセル',
  },
  partial: {
    except: (done: string) => `${done.replace(/[.。]$/, '')}（次を除く）:`,
  },
};
