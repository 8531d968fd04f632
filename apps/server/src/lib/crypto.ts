import { createHash, randomBytes, randomInt } from 'node:crypto';

/** URL-safe random secret (cookies, tokens, links). 32 bytes = 256 bits. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as this hash, so a database dump does not hand out sessions. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Spec §9: generated passwords are 16 alphanumeric characters (look-alikes left out). */
export const generatePassword = (length = 16): string =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
