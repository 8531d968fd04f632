export { toApiDate, toApiDateOrNull } from '@netfleet/contracts';

/** ISO 8601 for the fields RMS types as date-time (and netfleet's own); null stays null. */
export const isoOrNull = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;
