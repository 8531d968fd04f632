// English texts of the shared date range picker, shared by the component and its tests.
export const DATE_RANGE_TEXTS = {
  period: 'Period',
  custom: 'Custom',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  required: 'Choose a date and time',
  startAfterEnd: 'The start must be before the end',
  future: 'Cannot be in the future',
  tooLong: (days: number) => `The range can span at most ${days} days`,
} as const;
