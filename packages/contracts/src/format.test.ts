import { describe, expect, it } from 'vitest';
import {
  ACTION_PAST_TENSE,
  actionFailureMessage,
  actionSuccessMessage,
  formatBytes,
  formatSearchCount,
} from './format.ts';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;

describe('formatBytes', () => {
  it('shows the 80 MB file limit as 80 MB', () => {
    expect(formatBytes(83_886_080)).toBe('80 MB');
  });

  it('uses KB below 10240 bytes', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(512)).toBe('0.5 KB');
    expect(formatBytes(KB)).toBe('1 KB');
    expect(formatBytes(10_239)).toBe('10 KB');
  });

  it('switches to MB at exactly 10240 bytes', () => {
    expect(formatBytes(10_240)).toBe('0.01 MB');
    expect(formatBytes(MB)).toBe('1 MB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
  });

  it('keeps MB up to 10 GB and switches to GB at 10 GB', () => {
    expect(formatBytes(10 * GB - MB)).toBe('10239 MB');
    expect(formatBytes(10 * GB)).toBe('10 GB');
    expect(formatBytes(123.456 * GB)).toBe('123.46 GB');
  });

  it('switches to TB at 10 TB', () => {
    expect(formatBytes(10 * TB - GB)).toBe('10239 GB');
    expect(formatBytes(10 * TB)).toBe('10 TB');
    expect(formatBytes(2048 * TB)).toBe('2048 TB');
  });

  it('honours the decimals argument', () => {
    expect(formatBytes(1.23456 * MB, 0)).toBe('1 MB');
    expect(formatBytes(1.23456 * MB, 3)).toBe('1.235 MB');
  });

  it('rejects negative and non-finite values', () => {
    expect(() => formatBytes(-1)).toThrow(RangeError);
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
    expect(() => formatBytes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatSearchCount', () => {
  it('shows 10+ above ten results', () => {
    expect(formatSearchCount(0)).toBe('0');
    expect(formatSearchCount(10)).toBe('10');
    expect(formatSearchCount(11)).toBe('10+');
    expect(formatSearchCount(5000)).toBe('10+');
  });
});

describe('action messages', () => {
  it.each(Object.entries(ACTION_PAST_TENSE))(
    'success for %s reads "<Item> %s successfully"',
    (verb, past) => {
      expect(actionSuccessMessage('tag', verb as keyof typeof ACTION_PAST_TENSE)).toBe(
        `Tag ${past} successfully`,
      );
    },
  );

  it('uses irregular past tenses', () => {
    expect(actionSuccessMessage('invitation', 'send')).toBe('Invitation sent successfully');
    expect(actionSuccessMessage('update', 'cancel')).toBe('Update cancelled successfully');
  });

  it('falls back to operation complete without an item', () => {
    expect(actionSuccessMessage(undefined, 'create')).toBe('operation complete');
    expect(actionSuccessMessage('', 'create')).toBe('operation complete');
  });

  it('failure prefers the server message, then the fallback, then a built text', () => {
    const base = { item: 'tag', verb: 'create' as const, statusText: 'Conflict' };
    expect(actionFailureMessage({ ...base, serverMessage: 'Name taken', fallback: 'x' })).toBe(
      'Name taken',
    );
    expect(actionFailureMessage({ ...base, fallback: 'Could not save' })).toBe('Could not save');
    expect(actionFailureMessage(base)).toBe('Failed to create tag (Conflict)');
    expect(actionFailureMessage({ item: 'tag', verb: 'remove' })).toBe('Failed to remove tag');
  });
});
