// datetime-local inputs hold a wall-clock time without a zone. Spec §9 shows every time in the
// zone the user chose (the timezone cookie, else the browser's), so the inputs read and write
// that zone's wall clock too: what the date cells show is what the inputs take.
import { COOKIES } from '@netfleet/contracts';
import { readCookie } from '@/lib/cookies';
import { DATE_TIME_PARTS } from '@/lib/format';

// The en-US formatters below are read as numbers for the inputs' machine values, never shown, so
// they do not follow the interface language.
const INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The chosen zone when Intl knows it; undefined means the browser's own. */
export function chosenTimeZone(): string | undefined {
  const zone = readCookie(COOKIES.timezone);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, zone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-US', {
    ...DATE_TIME_PARTS,
    timeZone: zone,
  }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string | undefined): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** An instant as a datetime-local value (to the minute) on the zone's wall clock. */
export function toZonedInput(value: string | number, zone = chosenTimeZone()): string {
  const w = wallClock(new Date(value).getTime(), zone);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
}

/**
 * A datetime-local value read on the zone's wall clock, as an ISO timestamp; null when empty or
 * not a time. The offset is taken twice, so a time next to a daylight-saving change still lands
 * on the offset in force at that time.
 */
export function fromZonedInput(value: string, zone = chosenTimeZone()): string | null {
  if (!INPUT.test(value)) return null;
  const field = (start: number, end: number) => Number(value.slice(start, end));
  const asUtc = Date.UTC(field(0, 4), field(5, 7) - 1, field(8, 10), field(11, 13), field(14, 16));
  const first = asUtc - offsetAt(asUtc, zone);
  return new Date(asUtc - offsetAt(first, zone)).toISOString();
}
