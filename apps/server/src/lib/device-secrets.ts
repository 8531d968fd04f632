import { randomInt } from 'node:crypto';
import { CLAIM_SECRET_LENGTH } from '@netfleet/contracts';
import { randomToken, sha256 } from './crypto';

// Without 0/O and 1/I/L: a claim secret is read off a screen and typed into a device.
const CLAIM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The one-time secret shown when a device is added; about 118 bits. */
export const newClaimSecret = (): string =>
  Array.from(
    { length: CLAIM_SECRET_LENGTH },
    () => CLAIM_ALPHABET[randomInt(CLAIM_ALPHABET.length)],
  ).join('');

/** A device's MQTT password: 256 random bits, so a fast hash is enough to store it. */
export const newDeviceCredential = (): string => randomToken(32);

/** Claim secrets compare case-insensitively (typed by hand); credentials exactly. */
export const hashClaimSecret = (secret: string): string => sha256(secret.trim().toUpperCase());
export const hashDeviceCredential = (credential: string): string => sha256(credential);
