import { PASSWORD_MIN_LENGTH } from '@netfleet/contracts';
import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  registerTitle: 'アカウントを作成',
  loading: '招待を読み込んでいます…',
  notFound: '招待が見つからないか、有効期限が切れています',
  notFoundHelp: '招待した人に新しい招待を送ってもらってください。',
  loadFailed: '招待を読み込めませんでした。',
  retry: '再試行',
  toSignIn: 'サインインへ移動',
  invitedBy: '{{inviter}} から {{company}} に {{role}} として招待されています。',
  invited: '{{company}} に {{role}} として招待されています。',
  email: 'メールアドレス',
  username: 'ユーザー名',
  usernameHelp: '任意: 空欄の場合はメールアドレスの @ より前の部分になります',
  password: 'パスワード',
  passwordHelp: `${PASSWORD_MIN_LENGTH} 文字以上`,
  passwordConfirmation: 'パスワードの確認',
  passwordMismatch: 'パスワードが一致しません',
  companyName: '会社名',
  companyNameRequired: '会社名は必須です',
  newCompanyHelp: (parent: string) =>
    `下に会社名を入力してください。${parent} の子会社として作成されます。`,
  register: 'アカウントを作成',
};
