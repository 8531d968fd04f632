import { describe, expect, it } from 'vitest';
import { connectSession } from '../test-utils';
import { formatTimeLeft, parseSessionId, sessionEndMessage } from './session-state';

describe('session state', () => {
  it('tells an expired link from a closed one', () => {
    expect(sessionEndMessage(connectSession())).toBeNull();
    expect(sessionEndMessage(connectSession({ active: false, ttl: 0 }))).toBe(
      'This link has expired',
    );
    expect(sessionEndMessage(connectSession({ active: true, ttl: 0 }))).toBe(
      'This link has expired',
    );
    expect(sessionEndMessage(connectSession({ active: false, ttl: 60 }))).toBe(
      'This link was closed',
    );
  });

  it('formats the time left as a countdown', () => {
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(65)).toBe('1:05');
    expect(formatTimeLeft(3723)).toBe('1:02:03');
  });

  it('reads only positive whole session ids', () => {
    expect(parseSessionId('12')).toBe(12);
    for (const value of [null, '', '0', '-1', '1.5', '1e3', 'abc'])
      expect(parseSessionId(value)).toBeNull();
  });
});
