import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  signIn: 'サインイン',
  signInTitle: (app: string) => `${app} にサインイン`,
  email: 'メールアドレス',
  password: 'パスワード',
  tooManyAttempts: (seconds: number) => `試行回数が多すぎます。${seconds} 秒後に再試行してください`,
  tooManyAttemptsLater: '試行回数が多すぎます。しばらくしてから再試行してください。',
  signOutTitle: 'サインアウト',
  signingOut: 'サインアウトしています…',
  signedOut: 'サインアウトしました',
  signOutFailed: 'サインアウトに失敗しました',
  signInAgain: '再度サインイン',
  retry: '再試行',
  verifyTitle: 'メールアドレスの確認',
  verifying: 'メールアドレスを確認しています…',
  verified: 'メールアドレスが確認されました。',
  verifyFailed: 'メールアドレスを確認できませんでした。',
  verifyMissingToken: '確認リンクが不完全です。トークンが含まれていません。',
  toConsole: 'コンソールへ移動',
};
