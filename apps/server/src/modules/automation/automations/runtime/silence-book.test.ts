import { describe, expect, it } from 'vitest';
import type { SilenceWindowRow } from '@/modules/automation/automations/silences/silences.repository';
import { createSilenceBook, windowOf } from './silence-book';

const at = (iso: string) => new Date(`${iso}Z`);
const silence = (values: Partial<SilenceWindowRow> = {}): SilenceWindowRow => ({
  id: 1,
  name: 'Night',
  automationIds: [],
  startsAt: at('2026-11-01T00:00:00'),
  endsAt: at('2026-11-30T00:00:00'),
  recurrence: null,
  notifyAfter: true,
  deviceIds: [7],
  ...values,
});
const nightly = silence({
  recurrence: { cron: '0 2 * * *', time_zone: 'UTC', duration_seconds: 3600 },
});

describe('silence windows', () => {
  it('is one window without a recurrence, none once it ended', () => {
    const row = silence();
    expect(windowOf(row, at('2026-11-10T12:00:00').getTime())).toEqual({
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
    });
    expect(windowOf(row, row.endsAt.getTime())).toBeNull();
  });

  it('opens at each occurrence for its duration, bounded by the end', () => {
    expect(windowOf(nightly, at('2026-11-10T02:30:00').getTime())).toEqual({
      start: at('2026-11-10T02:00:00').getTime(),
      end: at('2026-11-10T03:00:00').getTime(),
    });
    // Between windows: the next one.
    expect(windowOf(nightly, at('2026-11-10T03:00:00').getTime())?.start).toBe(
      at('2026-11-11T02:00:00').getTime(),
    );
    const short = { ...nightly, endsAt: at('2026-11-10T02:20:00') };
    expect(windowOf(short, at('2026-11-10T02:10:00').getTime())?.end).toBe(short.endsAt.getTime());
  });

  it('matches the devices and rules it names, inside a window only', () => {
    const book = createSilenceBook();
    book.set([nightly, silence({ id: 2, automationIds: [5], deviceIds: [8] })]);
    expect(book.match(3, 7, at('2026-11-10T02:30:00'))).toMatchObject({
      id: 1,
      until: at('2026-11-10T03:00:00'),
    });
    expect(book.match(3, 7, at('2026-11-10T04:00:00'))).toBeNull();
    expect(book.match(3, 8, at('2026-11-10T04:00:00'))).toBeNull();
    expect(book.match(5, 8, at('2026-11-10T04:00:00'))?.id).toBe(2);
    expect(book.nextEdge(at('2026-11-10T02:30:00'))).toEqual(at('2026-11-10T03:00:00'));
    expect(book.nextEdge(at('2026-11-10T03:30:00'))).toEqual(at('2026-11-11T02:00:00'));
  });
});
