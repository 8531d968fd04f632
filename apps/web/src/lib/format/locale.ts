// The locale of the shown language for the formatters of lib/format. Tables format thousands of
// cells per render and reading document.cookie is slow, so the locale is read once per task; Intl
// formatters are expensive to build, so each (locale, options) pair is built once.
import { uiLocale } from '@/lib/i18n';

let taskLocale: string | undefined;

/** uiLocale(), read at most once per task. */
export function formatLocale(): string {
  if (taskLocale === undefined) {
    taskLocale = uiLocale();
    queueMicrotask(() => {
      taskLocale = undefined;
    });
  }
  return taskLocale;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat of `locale` with `options`. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A plain number in the locale, e.g. 10,000 (en) or 10 000 (nb). */
export const formatNumber = (value: number, locale = formatLocale()): string =>
  numberFormat(locale, {}).format(value);
