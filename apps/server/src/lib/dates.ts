/** API dates are ISO 8601 strings; null stays null. */
export const isoOrNull = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;
