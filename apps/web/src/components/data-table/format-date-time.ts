import { COOKIES, parseApiDate } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';
import { DATE_TIME_PARTS, formatLocale } from '@/lib/format';

// Building an Intl.DateTimeFormat costs far more than formatting with one, and tables call this
// for every date cell they render: one formatter per zone and locale, built on first use. The
// layout is spec §9's whatever the language: only the numeric parts are read, in Latin digits.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter; the browser's zone for null or a zone Intl does not know. */
function formatterFor(zone: string | null, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, {
        ...DATE_TIME_PARTS,
        numberingSystem: 'latn',
        timeZone: zone ?? undefined,
      });
    } catch {
      formatter = formatterFor(null, locale);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

// Reading document.cookie is slow as well (0.1–0.3 ms a read in Chromium, profiled): the zone is
// read once per task, however many date cells a render formats.
let taskZone: { zone: string | null } | undefined;

function cookieZone(): string | null {
  if (!taskZone) {
    taskZone = { zone: readCookie(COOKIES.timezone) };
    queueMicrotask(() => {
      taskZone = undefined;
    });
  }
  return taskZone.zone;
}

// Spec §9: dates show as YYYY-MM-DD HH:mm:ss in the time zone from the cookie, else the browser's.
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // API dates are UTC `YYYY-MM-DD HH:mm:ss`, which Date would read in the browser's zone.
  const date = value instanceof Date ? value : new Date(parseApiDate(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = formatterFor(cookieZone(), formatLocale()).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
