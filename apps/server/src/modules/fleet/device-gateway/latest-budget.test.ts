import { describe, expect, it } from 'vitest';
import { createLatestBudget } from './latest-budget';

describe('latest readings budget', () => {
  it('grants 300 rows a second of the time since it was last spent, at most 10 s of it', () => {
    const budget = createLatestBudget(() => false);
    expect(budget(100_000)).toBe(3000);
    expect(budget(101_000)).toBe(300);
    expect(budget(101_500)).toBe(150);
    expect(budget(101_500)).toBe(1);
  });

  it('waits while the console is busy, at most 10 s, then spends what it saved', () => {
    let busy = true;
    const budget = createLatestBudget(() => busy);
    expect(budget(0)).toBe(0);
    expect(budget(9_999)).toBe(0);
    // Still busy, but the rows have waited long enough.
    expect(budget(10_000)).toBe(3000);
    expect(budget(11_000)).toBe(0);
    busy = false;
    expect(budget(12_000)).toBe(600);
  });
});
