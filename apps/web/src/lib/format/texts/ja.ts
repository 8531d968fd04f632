import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  uptime: {
    days: (n: number) => `${n}日`,
    hours: (n: number) => `${n}時間`,
    minutes: (n: number) => `${n}分`,
    seconds: (n: number) => `${n}秒`,
  },
};
