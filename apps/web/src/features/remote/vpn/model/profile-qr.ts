/** What a profile's QR code holds: the profile itself, or the link that downloads it. */
export type QrContent = 'profile' | 'link';

export interface ProfileQr {
  svg: string;
  holds: QrContent;
}

// Low error correction: the most room (about 2.9 KB), and a screen is a clean surface to scan.
// The encoder loads with the first profile shown, not with the VPN pages.
const svgOf = async (text: string) => {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
};

/**
 * The profile as a QR code (OpenVPN Connect imports it), or when it is too large for one the
 * link that downloads it; null when neither fits (no link, or none small enough).
 */
export async function profileQr(content: string, link?: string): Promise<ProfileQr | null> {
  try {
    return { svg: await svgOf(content), holds: 'profile' };
  } catch {
    // Too much data for a QR code: the link, when there is one, is short.
  }
  if (!link) return null;
  try {
    return { svg: await svgOf(link), holds: 'link' };
  } catch {
    return null;
  }
}
