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
  forgotPassword: 'パスワードをお忘れですか？',
  forgotTitle: 'パスワードのリセット',
  forgotIntro:
    'アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。',
  sendLink: 'リンクを送信',
  linkSent: (email: string, minutes: number) =>
    `${email} のアカウントが存在する場合は、そのアドレスにリンクを送信しました。リンクの有効期間は ${minutes} 分です。`,
  backToSignIn: 'サインインに戻る',
  resetTitle: '新しいパスワードの設定',
  newPassword: '新しいパスワード',
  confirmPassword: '新しいパスワード（確認）',
  setPassword: 'パスワードを設定',
  resetMissingToken: 'パスワードリセットのリンクが不完全です。トークンが含まれていません。',
  requestNewLink: '新しいリンクを請求',
  passwordWasReset: 'パスワードが変更されました。新しいパスワードでサインインしてください。',
};
