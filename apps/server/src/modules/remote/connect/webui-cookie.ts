import { createHmac, timingSafeEqual } from 'node:crypto';

/** The proxy's own cookie on a session origin; never forwarded to the device. */
export const WEBUI_COOKIE = '__nf_webui';

/**
 * The proof, on a web UI origin, that this browser launched the session with a one-time code
 * the owner's console fetched. Signed, bound to the session, expiring with it: a copied URL
 * without it is refused (RMS 2023: unauthenticated shareable proxy links).
 */
export const createWebuiCookies = (secret: string) => {
  const key = createHmac('sha256', secret).update('netfleet webui proxy cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(sessionId: number, expiresAt: Date): string {
      const payload = `${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${sign(payload)}`;
    },
    /** True when the cookie was issued for this session and has not expired. */
    verify(value: string | undefined, sessionId: number, now: Date): boolean {
      const match = /^(\d+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(value ?? '');
      if (!match) return false;
      const [, id, expires, mac] = match;
      const expected = Buffer.from(sign(`${id}.${expires}`));
      const given = Buffer.from(mac ?? '');
      return (
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        Number(id) === sessionId &&
        Number(expires) * 1000 > now.getTime()
      );
    },
  };
};
