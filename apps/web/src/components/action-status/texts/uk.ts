import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  actionStatus: {
    title: 'Стан дії',
    close: 'Закрити',
    minimize: 'Згорнути',
    restore: (title: string) => `Показати ${title}`,
    minimizedBar: 'Згорнутий стан дії',
    waiting: 'Очікування оновлень…',
    item: 'Елемент',
    status: 'Стан',
    details: 'Подробиці',
    expired: 'Стан цієї дії більше недоступний.',
    failed: 'Не вдалося отримати стан дії',
    open: 'Відкрити',
    download: 'Завантажити',
    itemLabel: (item: string) => `#${item}`,
    progress: (value: number, total: number) => `${value} з ${total}`,
    summary: (done: number, total: number) => `Завершено ${done} з ${total}`,
  },
  statusLabels: {
    started: 'Розпочато',
    progress: 'Виконується',
    warning: 'Попередження',
    error: 'Помилка',
    completed: 'Завершено',
  },
};
