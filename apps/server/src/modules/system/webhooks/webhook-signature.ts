import { createHmac, timingSafeEqual } from 'node:crypto';

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * The WEBHOOK_SIGNATURE_HEADER value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * Signing the timestamp with the body lets receivers refuse replays of old deliveries.
 */
export const signWebhookBody = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** What a receiver does (documented for integrators; the tests verify deliveries with it). */
export const verifyWebhookSignature = (secret: string, header: string, body: string): boolean => {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at), part.slice(at + 1)] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
