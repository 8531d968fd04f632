import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  title: 'Журнали пошти',
  logTab: 'Журнал',
  outboxTab: 'Вихідні',
  date: 'Дата',
  to: 'Кому',
  subject: 'Тема',
  status: 'Статус',
  error: 'Помилка',
  emptyLogs: 'Журналів пошти не знайдено',
  emptyOutbox: 'Ненадісланої пошти немає',
  search: 'Пошук за одержувачем або темою',
  statusFilter: 'Фільтр за статусом',
  allStatuses: 'Усі статуси',
  statuses: {
    logged: 'Записано',
    sent: 'Надіслано',
    failed: 'Збій',
  },
  recipient: (to: string) => `Кому: ${to}`,
  links: 'Посилання',
  copy: 'Копіювати',
  copied: 'Скопійовано',
  copyLink: (link: string) => `Копіювати ${link}`,
  outboxNote: (days: number, messages: number) =>
    'Пошта, яку netfleet не надіслав, бо поштовий сервер (SMTP_URL) не налаштовано, повністю з ' +
    'посиланнями й кодами, щоб ви могли її передати. Її бачать лише суперадміністратори; зберігаються ' +
    `${plural(days, { one: 'останній {{count}} день', few: 'останні {{count}} дні', many: 'останні {{count}} днів', other: 'останні {{count}} дня' })}, ` +
    `не більше ${messages} повідомлень.`,
};
