import type { ImageMimeType } from '@netfleet/contracts';

export interface ImageFormat {
  mimeType: ImageMimeType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, then the IHDR chunk, whose first fields are width and height. */
function readPng(bytes: Buffer): ImageFormat | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not.
const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

const standalone = (marker: number) =>
  marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: SOI, then segments up to the start-of-frame one that holds the height and width. Scan
 * data (SOS) or the end (EOI) before a frame means there is no picture to speak of.
 */
function readJpeg(bytes: Buffer): ImageFormat | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (START_OF_FRAME.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return {
        mimeType: 'image/jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * What the bytes are, by their own signature rather than the name or type the browser gave:
 * a PNG or JPEG with its size in pixels, or null for anything else (or a picture of no pixels).
 */
export function readImageFormat(bytes: Buffer): ImageFormat | null {
  const format = readPng(bytes) ?? readJpeg(bytes);
  return format && format.width > 0 && format.height > 0 ? format : null;
}
