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
  forgotPassword: 'Забули пароль?',
  forgotTitle: 'Скидання пароля',
  forgotIntro:
    'Введіть адресу електронної пошти свого облікового запису, і ми надішлемо посилання для вибору нового пароля.',
  sendLink: 'Надіслати посилання',
  linkSent: (email: string, minutes: number) =>
    `Якщо обліковий запис для ${email} існує, ми надіслали на цю адресу посилання. Посилання дійсне ${minutes} хв.`,
  backToSignIn: 'Повернутися до входу',
  resetTitle: 'Вибір нового пароля',
  newPassword: 'Новий пароль',
  confirmPassword: 'Підтвердьте новий пароль',
  setPassword: 'Зберегти пароль',
  resetMissingToken: 'Посилання для скидання пароля неповне: у ньому немає токена.',
  requestNewLink: 'Запросити нове посилання',
  passwordWasReset: 'Ваш пароль змінено. Увійдіть із новим паролем.',
};
