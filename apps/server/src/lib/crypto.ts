import { createHash, randomBytes, randomInt } from 'node:crypto';
import { GENERATED_PASSWORD_LENGTH, RANDOM_STRING_ALPHABET } from '@netfleet/contracts';

/** URL-safe random secret (cookies, tokens, links). 32 bytes = 256 bits. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as this hash, so a database dump does not hand out sessions. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Spec §9: generated passwords are GENERATED_PASSWORD_LENGTH random alphanumeric characters. */
export const generatePassword = (length = GENERATED_PASSWORD_LENGTH): string =>
  Array.from(
    { length },
    () => RANDOM_STRING_ALPHABET[randomInt(RANDOM_STRING_ALPHABET.length)],
  ).join('');
