import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { escapeWifiValue, QUIET_ZONE, qrMatrix, qrPath, wifiQrText } from './wifi-qr';

describe('Wi-Fi QR text', () => {
  it('escapes backslash, semicolon, comma, colon and double quote', () => {
    expect(escapeWifiValue('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(escapeWifiValue('plain ssid-1')).toBe('plain ssid-1');
  });

  it('holds type, SSID and key, and H:true only for a hidden network', () => {
    expect(wifiQrText({ ssid: 'Depot', security: 'WPA', key: 'secret123', hidden: false })).toBe(
      'WIFI:T:WPA;S:Depot;P:secret123;;',
    );
    expect(wifiQrText({ ssid: 'My;Net', security: 'WPA', key: 'pa:ss"w,d\\', hidden: true })).toBe(
      'WIFI:T:WPA;S:My\\;Net;P:pa\\:ss\\"w\\,d\\\\;H:true;;',
    );
    expect(wifiQrText({ ssid: 'Lab', security: 'WEP', key: 'abcde', hidden: false })).toBe(
      'WIFI:T:WEP;S:Lab;P:abcde;;',
    );
  });

  it('leaves the key out of an open network', () => {
    expect(wifiQrText({ ssid: 'Guest', security: 'nopass', key: 'ignored', hidden: false })).toBe(
      'WIFI:T:nopass;S:Guest;;',
    );
  });
});

describe('QR symbol', () => {
  it('is the encoder’s module matrix, drawn one unit per dark module inside the quiet zone', () => {
    const text = 'WIFI:T:WPA;S:Depot;P:secret123;;';
    const matrix = qrMatrix(text);
    const reference = create(text, { errorCorrectionLevel: 'M' }).modules;
    expect(matrix.size).toBe(reference.size);
    expect(matrix.size).toBe(29); // 32 bytes at level M: version 3 (26 fit in version 2)
    expect(matrix.dark.filter(Boolean).length).toBe(
      Array.from(reference.data).filter((bit) => bit === 1).length,
    );
    // Finder pattern: the top-left 7x7 square's corner is dark, the separator after it light.
    expect(matrix.dark[0]).toBe(true);
    expect(matrix.dark[7]).toBe(false);
    const path = qrPath(matrix);
    expect(path.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}h1v1h-1z`)).toBe(true);
    expect(path.match(/M/g)?.length).toBe(matrix.dark.filter(Boolean).length);
  });
});
