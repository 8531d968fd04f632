import { describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss in the time zone cookie', async () => {
    writeCookie(COOKIES.timezone, 'Asia/Tokyo');
    expect(formatDateTime('2026-03-04T23:05:06Z')).toBe('2026-03-05 08:05:06');
    writeCookie(COOKIES.timezone, 'UTC');
    // The cookie is read once per task.
    expect(formatDateTime('2026-03-04T23:05:06Z')).toBe('2026-03-05 08:05:06');
    await Promise.resolve();
    expect(formatDateTime(new Date('2026-03-04T00:00:09Z'))).toBe('2026-03-04 00:00:09');
  });

  it('ignores an unknown zone and empty values', async () => {
    writeCookie(COOKIES.timezone, 'Not/AZone');
    await Promise.resolve();
    expect(formatDateTime('2026-03-04T23:05:06Z')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('garbage');
  });

  it('keeps the layout in every interface language', async () => {
    writeCookie(COOKIES.timezone, 'UTC');
    for (const language of ['uk', 'ja', 'no', 'en']) {
      writeCookie(COOKIES.translation, language);
      await Promise.resolve();
      expect(formatDateTime('2026-03-04T23:05:06Z'), language).toBe('2026-03-04 23:05:06');
    }
  });
});
