import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  uptime: {
    days: (n: number) => `${n} д`,
    hours: (n: number) => `${n} год`,
    minutes: (n: number) => `${n} хв`,
    seconds: (n: number) => `${n} с`,
  },
};
