import { parseApiDate, type Silence, type SilenceRecurrence } from '@netfleet/contracts';
import { DATE_TIME_PARTS } from '@/lib/format';
import { cronMatches, parseCron, type WallMinute } from './cron';

/** `recurring`: inside its period, but its schedule is one the browser cannot read. */
export type SilenceState = 'active' | 'scheduled' | 'ended' | 'recurring';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** One formatter per zone (building one costs far more than using it); null for an unknown zone. */
function formatterFor(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-US', { ...DATE_TIME_PARTS, timeZone: zone }),
      );
    } catch {
      formatters.set(zone, null);
    }
  }
  return formatters.get(zone) ?? null;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts = formatter.formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

function wallMinute(instant: number, offset: number): WallMinute {
  const wall = new Date(instant + offset);
  return {
    minute: wall.getUTCMinutes(),
    hour: wall.getUTCHours(),
    day: wall.getUTCDate(),
    month: wall.getUTCMonth() + 1,
    weekday: wall.getUTCDay(),
  };
}

/**
 * Whether a window of the schedule holds `now`: an occurrence (not before the silence starts) less
 * than `duration_seconds` ago, as the server's silence book reads it. Null when the browser cannot
 * read the schedule or its zone. Walks back minute by minute (a week at most), reading the zone's
 * offset once an hour, as Intl is far slower than the walk.
 */
export function inRecurringWindow(
  recurrence: SilenceRecurrence,
  startsAt: number,
  now: number,
): boolean | null {
  const schedule = parseCron(recurrence.cron);
  const formatter = formatterFor(recurrence.time_zone);
  if (!schedule || !formatter) return null;
  const earliest = Math.max(startsAt, now - recurrence.duration_seconds * 1000 + 1);
  let offset = 0;
  let offsetHour = Number.NaN;
  for (let at = Math.floor(now / MINUTE_MS) * MINUTE_MS; at >= earliest; at -= MINUTE_MS) {
    const hour = Math.floor(at / HOUR_MS);
    if (hour !== offsetHour) {
      offset = offsetAt(formatter, at);
      offsetHour = hour;
    }
    if (cronMatches(schedule, wallMinute(at, offset))) return true;
  }
  return false;
}

/** Where a silence stands at `now`: its period over, not begun, or (in a window) active. */
export function silenceState(silence: Silence, now: number): SilenceState {
  const starts = parseApiDate(silence.starts_at);
  const ends = parseApiDate(silence.ends_at);
  if (now >= ends) return 'ended';
  if (now < starts) return 'scheduled';
  if (!silence.recurrence) return 'active';
  const open = inRecurringWindow(silence.recurrence, starts, now);
  if (open === null) return 'recurring';
  return open ? 'active' : 'scheduled';
}
