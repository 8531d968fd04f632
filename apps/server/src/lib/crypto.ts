import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
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

/** Symmetric encryption of small secrets at rest, under a key derived from the app's secret. */
export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext; throws if the text was altered or sealed under another key. */
  open(sealed: string): string;
}

const SEALED_VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit nonce per message. The key is derived (HKDF-SHA256) from the
 * app's secret with `purpose` as context, so each use gets its own key and none is the JWT key
 * itself. Sealed text: `v1.<nonce>.<tag>.<ciphertext>`, base64url parts; GCM's tag makes any
 * change to a stored value fail to open rather than decrypt to garbage.
 */
export const createSecretBox = (secret: string, purpose: string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'netfleet', purpose, 32));
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [SEALED_VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== SEALED_VERSION || nonce === undefined || !tag || body === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};
