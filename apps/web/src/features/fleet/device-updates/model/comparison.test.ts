import { describe, expect, it } from 'vitest';
import { olderFirst, valueText } from './comparison';

describe('olderFirst', () => {
  const monday = { id: 8, created_at: '2026-11-30 09:00:00' };
  const sunday = { id: 9, created_at: '2026-11-29 23:59:59' };

  it('puts the older backup first, by time and then by id', () => {
    expect(olderFirst(monday, sunday)).toEqual([sunday, monday]);
    expect(olderFirst(sunday, monday)).toEqual([sunday, monday]);
    const twin = { ...monday, id: 7 };
    expect(olderFirst(monday, twin)).toEqual([twin, monday]);
  });
});

describe('valueText', () => {
  it('joins lists and shows no value as a dash', () => {
    expect(valueText('lan')).toBe('lan');
    expect(valueText(['1.1.1.1', '8.8.8.8'])).toBe('1.1.1.1, 8.8.8.8');
    expect(valueText(null)).toBe('—');
  });
});
