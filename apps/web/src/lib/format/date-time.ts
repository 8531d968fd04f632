/**
 * The fields of spec §9's YYYY-MM-DD HH:mm:ss, for Intl.DateTimeFormat#formatToParts: the table
 * cells and the date inputs read the same parts of an instant in the chosen zone.
 */
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
