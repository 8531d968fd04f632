import { uiLocale } from '@/lib/i18n';

/** A count of credits (or other resources) with the shown language's digit grouping. */
export const formatCount = (value: number): string => value.toLocaleString(uiLocale());

/** A price or an amount of data: up to two decimals, in the shown language's notation. */
export const formatDecimal = (value: number): string =>
  value.toLocaleString(uiLocale(), { maximumFractionDigits: 2 });
