import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  title: 'Сповіщення',
  bell: 'Сповіщення',
  bellUnseen: (count: number) => `Сповіщення, непереглянуті: ${count}`,
  empty: 'Немає сповіщень',
  failed: 'Не вдалося отримати сповіщення.',
  viewAll: 'Переглянути всі',
  date: 'Дата',
  type: 'Тип',
  summary: 'Підсумок',
  state: 'Стан',
  unseen: 'Нове',
  seen: 'Переглянуто',
  markSeen: 'Позначити як переглянуте',
  markSeenAria: (summary: string) => `Позначити «${summary}» як переглянуте`,
  markAllSeen: 'Позначити всі як переглянуті',
  markSeenFailed: 'Не вдалося позначити сповіщення як переглянуті',
  search: 'Пошук сповіщень',
  typeLabels: {
    invitedUserRegistration: 'Запрошений користувач зареєструвався',
    creditCodeActivation: 'Кредитний код активовано',
    creditAmountTooLow: 'Замало кредитів',
    deviceAlert: 'Сповіщення пристрою',
  },
};
