import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  breadcrumb: 'Навігаційний ланцюжок',
  loadingChart: 'Завантаження діаграми',
  loadingMap: 'Завантаження карти',
  cancel: 'Скасувати',
  positions: (count: number) =>
    plural(count, {
      one: '{{count}} позиція',
      few: '{{count}} позиції',
      many: '{{count}} позицій',
      other: '{{count}} позиції',
    }),
};
