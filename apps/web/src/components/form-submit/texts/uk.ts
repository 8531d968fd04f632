import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  mfa: {
    title: 'Двофакторна автентифікація',
    email: 'Введіть код, який ми надіслали на вашу електронну пошту',
    totp: 'Введіть код із застосунку автентифікації',
    code: 'Код підтвердження',
    recoveryCode: 'Код відновлення',
    recoveryHelp:
      'Один із кодів відновлення, які ви зберегли, коли вмикали двофакторну автентифікацію.',
    recoveryFormat: 'Введіть код відновлення у форматі xxxx-xxxx',
    codeRequired: 'Введіть код підтвердження',
    useRecovery: 'Використати код відновлення',
    useCode: 'Використати код підтвердження',
    verify: 'Підтвердити',
    cancel: 'Скасувати',
  },
  partial: {
    except: (done: string) => `${done.replace(/\.$/, '')}, крім:`,
  },
};
