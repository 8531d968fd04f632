import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring download links for devices: an HMAC-SHA256 over file id, device id and expiry
 * with a key derived from the server secret (so a link never doubles as anything else), checked
 * in constant time. A device needs no session; the link is its permission until it expires.
 */
export const createFileSigner = (serverSecret: string, publicUrl: string) => {
  const key = createHmac('sha256', serverSecret).update('netfleet device file download').digest();
  const sign = (fileId: number, deviceId: number, expires: number) =>
    createHmac('sha256', key).update(`${fileId}.${deviceId}.${expires}`).digest('hex');

  return {
    /** The link `deviceId` may fetch `fileId` with until `expiresAt`. */
    url(fileId: number, deviceId: number, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        device_id: String(deviceId),
        expires: String(expires),
        signature: sign(fileId, deviceId, expires),
      });
      return `${publicUrl}/api/files/${fileId}/device-download?${query.toString()}`;
    },

    /** Whether the signature is ours for these values and the link has not expired at `now`. */
    verify(fileId: number, deviceId: number, expires: number, signature: string, now: Date) {
      const expected = Buffer.from(sign(fileId, deviceId, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      return valid && expires * 1000 > now.getTime();
    },
  };
};

export type FileSigner = ReturnType<typeof createFileSigner>;
