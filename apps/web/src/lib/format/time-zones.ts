// The system time zone choice (spec §3 'Timezone name and offset'): each zone labelled with its
// current UTC offset, '(UTC+02:00) Europe/Vilnius', west to east, then by name.

export interface TimeZoneOption {
  value: string;
  label: string;
}

const OFFSET = /^GMT([+-])(\d{2}):(\d{2})$/;

/**
 * Minutes east of UTC in `zone` at `at`; Intl writes the offset as 'GMT+02:00' (or 'GMT'). The
 * en-US formatter is parsed, never shown, so it does not follow the interface language.
 */
export function utcOffsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = OFFSET.exec(name ?? '');
  if (!match) return 0;
  const [, sign, hours, minutes] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** The zones the browser knows plus UTC itself, with their offsets at `at`, sorted by offset. */
export function timeZoneOptions(
  zones: readonly string[] = Intl.supportedValuesOf('timeZone'),
  at = new Date(),
): TimeZoneOption[] {
  const unique = [...new Set(['UTC', ...zones])];
  return unique
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, at) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }) => ({ value: zone, label: `(${offsetText(offset)}) ${zone}` }));
}
