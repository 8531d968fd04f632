// Display formatting shared by the server (messages it returns) and the web app.
import { SEARCH_BADGE_MAX } from './constants.ts';

export const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;

// Spec §9: MB is shown from 10240 bytes up to 10 GB, so each unit covers ten of the next one.
function pickUnit(bytes: number): { unit: ByteUnit; divisor: number } {
  if (bytes < 10 * KB) return { unit: 'KB', divisor: KB };
  if (bytes < 10 * GB) return { unit: 'MB', divisor: MB };
  if (bytes < 10 * TB) return { unit: 'GB', divisor: GB };
  return { unit: 'TB', divisor: TB };
}

/** '80 MB', '0.49 KB', '12.5 GB'. Up to `decimals` places, trailing zeros dropped. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new RangeError(`formatBytes expects a non-negative byte count, got ${bytes}`);
  }
  const { unit, divisor } = pickUnit(bytes);
  const value = Number((bytes / divisor).toFixed(decimals));
  return `${value} ${unit}`;
}

/** Global search result badge: counts above the limit show as '10+'. */
export function formatSearchCount(count: number): string {
  return count > SEARCH_BADGE_MAX ? `${SEARCH_BADGE_MAX}+` : String(count);
}

// Past tenses are listed because 'send' and 'cancel' are irregular.
export const ACTION_PAST_TENSE = {
  create: 'created',
  update: 'updated',
  remove: 'removed',
  cancel: 'cancelled',
  add: 'added',
  send: 'sent',
  move: 'moved',
  assign: 'assigned',
} as const;
export type ActionVerb = keyof typeof ACTION_PAST_TENSE;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Spec §8 message builder: 'Tag created successfully', or 'operation complete' without an item. */
export function actionSuccessMessage(item: string | undefined, verb: ActionVerb): string {
  if (!item) return 'operation complete';
  return `${capitalize(item)} ${ACTION_PAST_TENSE[verb]} successfully`;
}

export interface ActionFailureInput {
  item: string;
  /** Any verb ('revoke' too): a failure needs no past tense. */
  verb: string;
  serverMessage?: string | null;
  fallback?: string | null;
  statusText?: string | null;
}

/** Spec §8: first server message, else the caller's fallback, else 'Failed to create tag (Conflict)'. */
export function actionFailureMessage(input: ActionFailureInput): string {
  if (input.serverMessage) return input.serverMessage;
  if (input.fallback) return input.fallback;
  const base = `Failed to ${input.verb} ${input.item}`;
  return input.statusText ? `${base} (${input.statusText})` : base;
}
