import { uiLocale } from '@/lib/i18n';

/** A count (devices, alerts, credits) with the shown language's digit grouping. */
export const formatNumber = (value: number): string => value.toLocaleString(uiLocale());
