import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  uptime: {
    days: (n: number) => `${n}d`,
    hours: (n: number) => `${n}t`,
    minutes: (n: number) => `${n}m`,
    seconds: (n: number) => `${n}s`,
  },
};
