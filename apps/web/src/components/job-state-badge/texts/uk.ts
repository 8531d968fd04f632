import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  jobStates: {
    queued: 'У черзі',
    sent: 'Надіслано',
    running: 'Виконується',
    completed: 'Завершено',
    failed: 'Помилка',
    cancelled: 'Скасовано',
    timeout: 'Час вичерпано',
  },
};
