import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  breadcrumb: 'Brødsmulesti',
  loadingChart: 'Laster inn diagram',
  loadingMap: 'Laster inn kart',
  cancel: 'Avbryt',
  positions: (count: number) =>
    plural(count, { one: '{{count}} posisjon', other: '{{count}} posisjoner' }),
};
