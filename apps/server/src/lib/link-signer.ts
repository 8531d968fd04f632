import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over a link's values with a key derived from the server secret and the link's
 * purpose (so a link never doubles as another kind), checked in constant time. Device download
 * links (files, firmware) and hub spec links (vpn) are made with it.
 */
export const linkSigner = (serverSecret: string, purpose: string) => {
  const key = createHmac('sha256', serverSecret).update(purpose).digest();
  const sign = (values: readonly (string | number)[]) =>
    createHmac('sha256', key).update(values.join('.')).digest('hex');
  return {
    sign,
    verify(values: readonly (string | number)[], expires: number, signature: string, now: Date) {
      const expected = Buffer.from(sign(values), 'hex');
      const given = Buffer.from(signature, 'hex');
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      return valid && expires * 1000 > now.getTime();
    },
  };
};

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
