import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const uk: Translation<typeof en> = {
  period: 'Період',
  custom: 'Власний',
  from: 'Від',
  to: 'До',
  apply: 'Застосувати',
  required: 'Виберіть дату й час',
  startAfterEnd: 'Початок має бути раніше за кінець',
  future: 'Не може бути в майбутньому',
  tooLong: (days: number) =>
    plural(days, {
      one: 'Діапазон може охоплювати щонайбільше {{count}} день',
      few: 'Діапазон може охоплювати щонайбільше {{count}} дні',
      many: 'Діапазон може охоплювати щонайбільше {{count}} днів',
      other: 'Діапазон може охоплювати щонайбільше {{count}} дня',
    }),
};
