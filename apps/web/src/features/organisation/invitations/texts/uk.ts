import { PASSWORD_MIN_LENGTH } from '@netfleet/contracts';
import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  registerTitle: 'Створіть обліковий запис',
  loading: 'Завантаження запрошення…',
  notFound: 'Запрошення не знайдено або термін його дії минув',
  notFoundHelp: 'Попросіть людину, яка вас запросила, надіслати нове запрошення.',
  loadFailed: 'Не вдалося завантажити запрошення.',
  retry: 'Спробувати знову',
  toSignIn: 'Перейти до входу',
  invitedBy: '{{inviter}} запрошує вас приєднатися до {{company}} з роллю {{role}}.',
  invited: 'Вас запрошено приєднатися до {{company}} з роллю {{role}}.',
  email: 'Електронна пошта',
  username: 'Імʼя користувача',
  usernameHelp:
    'Необовʼязково: якщо залишити порожнім, буде використано частину адреси електронної пошти до @',
  password: 'Пароль',
  passwordHelp: `Щонайменше ${PASSWORD_MIN_LENGTH} символів`,
  passwordConfirmation: 'Підтвердьте пароль',
  passwordMismatch: 'Паролі не збігаються',
  companyName: 'Назва компанії',
  companyNameRequired: 'Потрібно вказати назву компанії',
  newCompanyHelp: (parent: string) =>
    `Укажіть назву своєї компанії нижче: її буде створено як дочірню компанію ${parent}.`,
  register: 'Створити обліковий запис',
};
