import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  dialog: {
    close: 'Закрити',
    minimize: 'Згорнути',
    maximize: 'Розгорнути',
    restoreSize: 'Відновити розмір',
    help: 'Довідка',
    restore: (title: string) => `Відновити ${title}`,
    closeMinimized: (title: string) => `Закрити ${title}`,
    minimizedBar: 'Згорнуті вікна',
    confirmTitle: 'Підтвердження',
    confirm: 'Підтвердити',
    cancel: 'Скасувати',
    ok: 'OK',
    errorTitle: 'Помилка',
    required: (label: string) => `Поле «${label}» обов’язкове`,
  },
  viewer: {
    copy: 'Копіювати',
    copied: 'Скопійовано',
    download: 'Завантажити',
    document: (title: string) => `Вміст: ${title}`,
  },
};
