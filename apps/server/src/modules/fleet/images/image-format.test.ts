import { describe, expect, it } from 'vitest';
import { readImageFormat } from './image-format';
import { jpegHead, pngImage } from './images.fixtures';

describe('readImageFormat', () => {
  it('reads a PNG’s size from its header', () => {
    expect(readImageFormat(pngImage(40, 30))).toEqual({
      mimeType: 'image/png',
      width: 40,
      height: 30,
    });
  });

  it('finds a JPEG’s frame past the segments before it', () => {
    expect(readImageFormat(jpegHead(1920, 1080))).toEqual({
      mimeType: 'image/jpeg',
      width: 1920,
      height: 1080,
    });
  });

  it('refuses what only claims to be an image', () => {
    expect(readImageFormat(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageFormat(pngImage(4, 4).subarray(0, 20))).toBeNull();
    expect(readImageFormat(pngImage(0, 4))).toBeNull();
    // Scan data before any frame: no size to read.
    expect(readImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull();
    expect(readImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01]))).toBeNull();
  });
});
