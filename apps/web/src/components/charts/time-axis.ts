// Tick labels of a chart's time axis in the interface language's locale and the chosen time zone
// (spec §9: the timezone cookie, else the browser's): month names and day/month order follow the
// locale, hours are 24-hour. Each tick shows its own unit; a second line names the larger unit
// when it changes from the previous tick (and on the first tick), as uPlot's templates did.

const DAY = 86_400;
const MONTH = 28 * DAY;
const YEAR = 365 * DAY;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: string,
  zone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${zone ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, format);
  }
  return format;
}

const YEAR_ONLY: Intl.DateTimeFormatOptions = { year: 'numeric' };
const MONTH_ONLY: Intl.DateTimeFormatOptions = { month: 'short' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const FULL_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const MINUTES: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const SECONDS: Intl.DateTimeFormatOptions = { ...MINUTES, second: '2-digit' };
/** Machine key of the calendar day in the zone, to see where the day and year roll over. */
const DAY_KEY: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  numberingSystem: 'latn',
};

/** Labels for ticks at `splits` (epoch seconds) spaced `incr` seconds apart. */
export function timeAxisLabels(
  splits: readonly number[],
  incr: number,
  locale: string,
  zone?: string,
): string[] {
  const format = (options: Intl.DateTimeFormatOptions, ts: number) =>
    formatter(locale, zone, options).format(ts * 1000);
  const dayKey = (ts: number) => formatter('en-CA', zone, DAY_KEY).format(ts * 1000);
  let previous: string | null = null;
  return splits.map((ts) => {
    const day = dayKey(ts);
    const yearChanged = previous === null || previous.slice(0, 4) !== day.slice(0, 4);
    const dayChanged = previous === null || previous !== day;
    previous = day;
    if (incr >= YEAR) return format(YEAR_ONLY, ts);
    if (incr >= DAY) {
      const label = format(incr >= MONTH ? MONTH_ONLY : DAY_MONTH, ts);
      return yearChanged ? `${label}\n${format(YEAR_ONLY, ts)}` : label;
    }
    const label = format(incr >= 60 ? MINUTES : SECONDS, ts);
    if (!dayChanged) return label;
    return `${label}\n${format(yearChanged ? FULL_DATE : DAY_MONTH, ts)}`;
  });
}
