// Spec §5 list input rules: blanks ignored, duplicates ignored when items must be unique, the
// maximum count enforced, and each item must be valid as the browser would judge an input of the
// configured type (email, url, number with min/max, pattern) and item lengths.
import type { ListInputOptions } from '../types';

export function isValidItem(item: string, options: ListInputOptions): boolean {
  const { minItemLength, maxItemLength } = options;
  // Browsers only report tooShort / tooLong for typed text, so lengths are checked here.
  if (minItemLength !== undefined && item.length < minItemLength) return false;
  if (maxItemLength !== undefined && item.length > maxItemLength) return false;
  const probe = document.createElement('input');
  probe.type = options.type ?? 'text';
  if (options.pattern) probe.pattern = options.pattern;
  if (options.min !== undefined) probe.min = String(options.min);
  if (options.max !== undefined) probe.max = String(options.max);
  probe.value = item;
  // A value the input type cannot hold ('abc' in a number input) is sanitised to ''.
  return probe.value === item && probe.checkValidity();
}

export interface AddOutcome {
  items: string[];
  /** Items refused by the validity check, in input order. */
  invalid: string[];
  /** Items left out because the list was full. */
  overflow: number;
}

export function addItems(
  current: readonly string[],
  candidates: readonly string[],
  options: ListInputOptions,
): AddOutcome {
  const unique = options.uniqueItems === true || options.noDupes === true;
  const outcome: AddOutcome = { items: [...current], invalid: [], overflow: 0 };
  for (const raw of candidates) {
    const item = raw.trim();
    if (item === '') continue;
    if (unique && outcome.items.includes(item)) continue;
    if (!isValidItem(item, options)) {
      outcome.invalid.push(item);
      continue;
    }
    if (options.maxItems !== undefined && outcome.items.length >= options.maxItems) {
      outcome.overflow++;
      continue;
    }
    outcome.items.push(item);
  }
  return outcome;
}

/** The values of a pasted list: split at line breaks, commas, semicolons and tabs, trimmed. */
export function splitListText(text: string): string[] {
  return text
    .split(/[\r\n,;\t]+/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
