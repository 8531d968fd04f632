import { describe, expect, it } from 'vitest';
import { profileQr } from './profile-qr';

// About what a hub's profile holds: a CA and a client certificate, a key and a tls-crypt key.
const profile = `client\ndev tun\n${'a'.repeat(2300)}\n`;
const tooLarge = `client\n${'a'.repeat(4000)}\n`;
const link = 'https://console.example.com/api/vpn/profiles/12/abc';

describe('profileQr', () => {
  it('holds the profile itself when it fits', async () => {
    const qr = await profileQr(profile, link);
    expect(qr?.holds).toBe('profile');
    expect(qr?.svg).toMatch(/^<svg/);
  });

  it('holds the download link when the profile is too large for a QR code', async () => {
    expect((await profileQr(tooLarge, link))?.holds).toBe('link');
  });

  it('gives up without a link', async () => {
    expect(await profileQr(tooLarge)).toBeNull();
  });
});
