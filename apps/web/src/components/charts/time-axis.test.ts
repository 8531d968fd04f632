import { describe, expect, it } from 'vitest';
import { timeAxisLabels } from './time-axis';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('timeAxisLabels', () => {
  it('labels hours in 24-hour time, with the date where the day rolls over', () => {
    const splits = [
      at('2026-03-04T22:00:00Z'),
      at('2026-03-04T23:00:00Z'),
      at('2026-03-05T00:00:00Z'),
    ];
    expect(timeAxisLabels(splits, 3600, 'en-US', 'UTC')).toEqual([
      '22:00\nMar 4, 2026',
      '23:00',
      '00:00\nMar 5',
    ]);
  });

  it('follows the locale and the time zone', () => {
    const splits = [at('2026-03-04T22:00:00Z'), at('2026-03-05T22:00:00Z')];
    expect(timeAxisLabels(splits, 86_400, 'nb-NO', 'Asia/Tokyo')).toEqual([
      '5. mars\n2026',
      '6. mars',
    ]);
    expect(timeAxisLabels([at('2026-01-15T00:00:00Z')], 28 * 86_400, 'ja-JP', 'UTC')).toEqual([
      '1月\n2026年',
    ]);
  });
});
