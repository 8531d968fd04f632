// English texts of the shared date range picker, shared by the component and its tests.
import { plural } from '@/lib/i18n';

export const en = {
  period: 'Period',
  custom: 'Custom',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  required: 'Choose a date and time',
  startAfterEnd: 'The start must be before the end',
  future: 'Cannot be in the future',
  tooLong: (days: number) =>
    plural(days, {
      one: 'The range can span at most {{count}} day',
      other: 'The range can span at most {{count}} days',
    }),
} as const;
