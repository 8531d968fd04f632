import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const NOW = Date.parse('2025-06-10T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2025-06-10T11:59:40Z', 'now'],
    ['2025-06-10T11:55:00Z', '5 minutes ago'],
    ['2025-06-10T09:00:00Z', '3 hours ago'],
    ['2025-06-09T10:00:00Z', 'yesterday'],
    ['2025-05-01T12:00:00Z', 'last month'],
    ['nonsense', 'nonsense'],
  ])('%s → %s', (value, expected) => {
    expect(formatRelativeTime(value, NOW)).toBe(expected);
  });
});
