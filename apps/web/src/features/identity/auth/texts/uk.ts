import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  signIn: 'Увійти',
  signInTitle: (app: string) => `Вхід до ${app}`,
  email: 'Електронна пошта',
  password: 'Пароль',
  tooManyAttempts: (seconds: number) => `Забагато спроб. Спробуйте знову через ${seconds} с`,
  tooManyAttemptsLater: 'Забагато спроб. Спробуйте пізніше.',
  signOutTitle: 'Вийти',
  signingOut: 'Вихід…',
  signedOut: 'Ви вийшли з системи',
  signOutFailed: 'Не вдалося вийти',
  signInAgain: 'Увійти знову',
  retry: 'Спробувати знову',
  verifyTitle: 'Підтвердження електронної пошти',
  verifying: 'Підтвердження вашої адреси електронної пошти…',
  verified: 'Вашу адресу електронної пошти підтверджено.',
  verifyFailed: 'Не вдалося підтвердити адресу електронної пошти.',
  verifyMissingToken: 'Посилання для підтвердження неповне: у ньому немає токена.',
  toConsole: 'Перейти до консолі',
};
