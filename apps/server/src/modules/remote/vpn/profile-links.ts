import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Download links of client profiles that work without signing in (an OpenVPN app imports them by
 * URL, a phone scans them from the QR code). The token is an HMAC of the client and its
 * certificate serial under a key derived from the server secret: nothing to store, and a new
 * certificate (or a revoked one, refused before the token is looked at) ends the old link.
 */
export const createProfileLinks = (secret: string, publicUrl: string) => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'netfleet', 'vpn-profile-links', 32));
  const tokenOf = (clientId: number, serial: string) =>
    createHmac('sha256', key).update(`${clientId}:${serial}`).digest('base64url');

  return {
    url: (clientId: number, serial: string) =>
      `${publicUrl}/api/vpn/profiles/${clientId}/${tokenOf(clientId, serial)}`,

    verify(clientId: number, serial: string, token: string) {
      const expected = Buffer.from(tokenOf(clientId, serial));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

export type ProfileLinks = ReturnType<typeof createProfileLinks>;
