// Spec §5 validation rules: each rule is a pure predicate (usable in the web form layer) and a zod
// schema built on it (used by server routes), so both sides reject exactly the same input.
import { z } from 'zod';
import { MONITORING_PERIOD_MAX, MONITORING_PERIOD_MIN } from './constants.ts';
import { formatBytes } from './format.ts';
import { MESSAGES, fileTooLargeMessage } from './messages.ts';

// Leading zeros are rejected: '010' is octal to some tools and decimal to others.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_PATTERN = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export function isIPv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

export const ipv4Schema = z.string().trim().refine(isIPv4, { error: 'Invalid IPv4 address' });

const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN_PATTERN = new RegExp(`^(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,6}$`);

/** At least one label plus a top-level domain of 2-6 letters; labels 1-63 chars, no edge hyphens. */
export function isDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

export const domainSchema = z.string().trim().refine(isDomain, { error: 'Invalid domain name' });

export const NAME_FORBIDDEN_CHARACTERS = [
  '~', '!', '#', '$', '&', '*', '(', ')', '[', ']', '{', '}',
  '<', '>', '?', "'", '|', ';', '`', '/', ':', '"', '\\',
] as const; // prettier-ignore

const FORBIDDEN_NAME_SET: ReadonlySet<string> = new Set(NAME_FORBIDDEN_CHARACTERS);

export function hasForbiddenNameCharacters(value: string): boolean {
  for (const char of value) {
    if (FORBIDDEN_NAME_SET.has(char)) return true;
  }
  return false;
}

export interface NameSchemaOptions {
  min?: number;
  max?: number;
}

/** Trimmed, required (min 1 unless given) name without forbidden characters. */
export function nameSchema(options: NameSchemaOptions = {}) {
  let schema = z
    .string()
    .trim()
    .min(options.min ?? 1);
  if (options.max !== undefined) schema = schema.max(options.max);
  return schema.refine((value) => !hasForbiddenNameCharacters(value), {
    error: MESSAGES.nameForbidden,
  });
}

interface MaskToken {
  /** Characters typed by the user that this slot accepts. */
  accepts: RegExp;
  /** Characters the slot holds after transformation, used to check a finished value. */
  holds: RegExp;
  transform?: (char: string) => string;
}

const upper = (char: string): string => char.toUpperCase();
const lower = (char: string): string => char.toLowerCase();

export const MASK_TOKENS: Readonly<Record<string, MaskToken>> = {
  '#': { accepts: /[0-9 ]/, holds: /[0-9 ]/ },
  '*': { accepts: /[0-9A-Za-z]/, holds: /[0-9A-Za-z]/ },
  S: { accepts: /[A-Za-z]/, holds: /[A-Za-z]/ },
  F: { accepts: /[0-9A-Fa-f]/, holds: /[0-9A-F]/, transform: upper },
  A: { accepts: /[A-Za-z]/, holds: /[A-Z]/, transform: upper },
  a: { accepts: /[A-Za-z]/, holds: /[a-z]/, transform: lower },
};

export const MASK_ESCAPE = '!';

type MaskSlot = { kind: 'token'; token: MaskToken } | { kind: 'literal'; char: string };

function parseMask(mask: string): MaskSlot[] {
  const slots: MaskSlot[] = [];
  const chars = [...mask];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    const next = chars[i + 1];
    // A trailing '!' has nothing to escape, so it stays a literal '!'.
    if (char === MASK_ESCAPE && next !== undefined) {
      slots.push({ kind: 'literal', char: next });
      i++;
      continue;
    }
    const token = MASK_TOKENS[char];
    slots.push(token ? { kind: 'token', token } : { kind: 'literal', char });
  }
  return slots;
}

/**
 * Formats raw input with a mask: characters a token slot does not accept are dropped, literals
 * are inserted (a typed literal is consumed), input beyond the mask is cut. Trailing literals are
 * added only when no token slot is left, so deleting a separator while typing is not undone.
 */
export function applyMask(mask: string, input: string): string {
  const slots = parseMask(mask);
  const chars = [...input];
  let output = '';
  let slotIndex = 0;
  let inputIndex = 0;
  while (slotIndex < slots.length && inputIndex < chars.length) {
    const slot = slots[slotIndex] as MaskSlot;
    const char = chars[inputIndex] as string;
    if (slot.kind === 'token') {
      if (slot.token.accepts.test(char)) {
        output += slot.token.transform ? slot.token.transform(char) : char;
        slotIndex++;
      }
      inputIndex++;
    } else {
      output += slot.char;
      slotIndex++;
      if (char === slot.char) inputIndex++;
    }
  }
  const rest = slots.slice(slotIndex);
  if (rest.length > 0 && rest.every((slot) => slot.kind === 'literal')) {
    output += rest.map((slot) => (slot.kind === 'literal' ? slot.char : '')).join('');
  }
  return output;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when value is a complete, already transformed value of the mask (e.g. 'F' only uppercase). */
export function maskMatches(mask: string, value: string): boolean {
  const source = parseMask(mask)
    .map((slot) => (slot.kind === 'token' ? slot.token.holds.source : escapeRegExp(slot.char)))
    .join('');
  return new RegExp(`^${source}$`).test(value);
}

export const MAX_FILE_SIZE = 83_886_080;

export interface FileLike {
  name: string;
  size: number;
  /** Mime type as the browser reports it; may be empty. */
  type?: string;
}

export interface FileRuleOptions {
  allowSpaces?: boolean;
  maxSize?: number;
}

/** Spec §5 file input rules; returns the first error message, or null when the file is fine. */
export function validateFile(file: FileLike, options: FileRuleOptions = {}): string | null {
  const maxSize = options.maxSize ?? MAX_FILE_SIZE;
  if (file.size > maxSize) return fileTooLargeMessage(formatBytes(maxSize));
  if (options.allowSpaces === false && /\s/.test(file.name)) return MESSAGES.fileNameSpaces;
  if (hasForbiddenNameCharacters(file.name)) return MESSAGES.fileNameForbidden;
  return null;
}

// Some systems report CSV files as generic or Excel mime types, so the extension also counts.
function isCsvFile(file: FileLike): boolean {
  return file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';
}

/** CSV import rules (list inputs); returns the error message or null. */
export function validateCsvFile(file: FileLike): string | null {
  if (!isCsvFile(file)) return MESSAGES.csvNotSelected;
  if (file.size > MAX_FILE_SIZE) return MESSAGES.csvTooLarge;
  return null;
}

/** One value per line; lines are trimmed (which also drops a UTF-8 BOM) and empty ones skipped. */
export function parseCsvLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Decodes base64url (padding optional); throws Error('Illegal base64url string!') if malformed. */
export function decodeBase64Url(input: string): Uint8Array {
  const unpadded = input.replace(/={1,2}$/, '');
  // A length of 4n+1 cannot come from any byte sequence.
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) {
    throw new Error(MESSAGES.illegalBase64url);
  }
  const base64 = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export interface DeviceSubdomainToken {
  first: string;
  second: string;
}

const TOKEN_PART = /^[A-Za-z0-9-]+$/;

/**
 * A device subdomain token is base64url of 'first.second', each part letters, digits, hyphens.
 * Throws on malformed base64url; returns null when it decodes to anything else.
 */
export function decodeDeviceSubdomainToken(token: string): DeviceSubdomainToken | null {
  const bytes = decodeBase64Url(token);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const [first, second, ...extra] = text.split('.');
  if (extra.length > 0 || first === undefined || second === undefined) return null;
  if (!TOKEN_PART.test(first) || !TOKEN_PART.test(second)) return null;
  return { first, second };
}

export function isMonitoringPeriod(seconds: number): boolean {
  return (
    Number.isInteger(seconds) &&
    seconds >= MONITORING_PERIOD_MIN &&
    seconds <= MONITORING_PERIOD_MAX
  );
}

export const monitoringPeriodSchema = z
  .number()
  .int()
  .min(MONITORING_PERIOD_MIN)
  .max(MONITORING_PERIOD_MAX);

/** Device monitoring fields use 0 for "off". */
export const monitoringPeriodOrOffSchema = z.union([z.literal(0), monitoringPeriodSchema]);

export const CREDITS_MAX_DIGITS = 14;

/** Input sanitiser for the credits field: keeps digits, strips leading zeros, cuts to 14 digits. */
export function normalizeCredits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '').slice(0, CREDITS_MAX_DIGITS);
}

/** Digits only, no leading zero, 1 to 14 digits. */
export function isValidCredits(value: string): boolean {
  return new RegExp(`^[1-9]\\d{0,${CREDITS_MAX_DIGITS - 1}}$`).test(value);
}

/** Accepts a digit string, strips leading zeros ('007' becomes '7'), then requires 1-14 digits. */
export const creditsSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: 'Credits must contain digits only' })
  .transform((value) => value.replace(/^0+/, ''))
  .refine(isValidCredits, { error: `Credits must be 1 to ${CREDITS_MAX_DIGITS} digits` });

/** Credit types 2, 4 ... 14 are paid ones: adding them needs a price and a pro forma number. */
export const CREDIT_TYPES_REQUIRING_PRICE = [2, 4, 6, 8, 10, 12, 14] as const;

export function creditTypeRequiresPrice(creditTypeId: number): boolean {
  return (CREDIT_TYPES_REQUIRING_PRICE as readonly number[]).includes(creditTypeId);
}

export const COMPANY_NAME_MIN_LENGTH = 3;
export const companyNameSchema = z.string().trim().min(COMPANY_NAME_MIN_LENGTH);

export const CODE_COMMENT_MAX_LENGTH = 200;
export const codeCommentSchema = z.string().max(CODE_COMMENT_MAX_LENGTH);

export const CODE_AMOUNT_MAX_DIGITS = 12;
export const CODE_AMOUNT_MAX = 10 ** CODE_AMOUNT_MAX_DIGITS - 1;
export const codeAmountSchema = z.number().int().min(1).max(CODE_AMOUNT_MAX);

// 254 is the longest address SMTP can carry (RFC 5321 path limit minus the angle brackets).
export const EMAIL_MAX_LENGTH = 254;
export const emailSchema = z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email());

/** Global search runs only for a non-empty trimmed query; null means "do not search". */
export function normalizeSearchQuery(query: string): string | null {
  const trimmed = query.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** continue_url is followed only to the current host (no open redirects, no other schemes). */
export function isSameHostUrl(url: string, currentHost: string): boolean {
  try {
    const target = new URL(url, `http://${currentHost}/`);
    return (
      (target.protocol === 'http:' || target.protocol === 'https:') && target.host === currentHost
    );
  } catch {
    return false;
  }
}

/** Pasted text is trimmed and cut to the field's maxlength. */
export function clipPastedText(text: string, maxLength?: number): string {
  const trimmed = text.trim();
  return maxLength === undefined ? trimmed : trimmed.slice(0, maxLength);
}
