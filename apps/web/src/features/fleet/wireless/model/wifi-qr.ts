// The standard Wi-Fi join QR code (the ZXing "WIFI:" format phones read from their camera app):
// WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<key>;H:true;;  with \ ; , : " escaped by a backslash.
// It is encoded here, in the browser: neither the SSID nor the key is sent anywhere.
import { create } from 'qrcode';

export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;
export type WifiSecurity = (typeof WIFI_SECURITY)[number];

export interface WifiNetwork {
  ssid: string;
  security: WifiSecurity;
  /** The network key (WPA passphrase or WEP key); ignored for an open network. */
  key: string;
  hidden: boolean;
}

/** A value of the format with its special characters (\ ; , : ") escaped by a backslash. */
export function escapeWifiValue(value: string): string {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/** The text the QR code holds; the key is left out of an open network, H only when hidden. */
export function wifiQrText({ ssid, security, key, hidden }: WifiNetwork): string {
  const parts = [`T:${security}`, `S:${escapeWifiValue(ssid)}`];
  if (security !== 'nopass') parts.push(`P:${escapeWifiValue(key)}`);
  if (hidden) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

/** The QR symbol's modules: `dark[row * size + col]`, without the quiet zone. */
export interface QrMatrix {
  size: number;
  dark: boolean[];
}

/** Medium error correction: a printed code still reads with a smudge or a fold. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (bit) => bit === 1) };
}

/** The quiet zone the standard asks for around the symbol, in modules. */
export const QUIET_ZONE = 4;

/** One SVG path of the dark modules (1 unit per module), offset by the quiet zone. */
export function qrPath({ size, dark }: QrMatrix): string {
  const commands: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (dark[row * size + col]) commands.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return commands.join('');
}

/** The code as a PNG: `scale` pixels per module, black on white, with the quiet zone. */
export function qrPng(matrix: QrMatrix, scale = 10): Promise<Blob | null> {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (matrix.dark[row * matrix.size + col])
        context.fillRect((col + QUIET_ZONE) * scale, (row + QUIET_ZONE) * scale, scale, scale);
    }
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
