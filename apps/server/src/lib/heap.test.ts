import { describe, expect, it, vi } from 'vitest';
import { limitHeapGrowth } from './heap';

describe('limitHeapGrowth', () => {
  it("sets V8's heap growing percent, or leaves V8's own choice at 0", () => {
    const setFlags = vi.fn();
    limitHeapGrowth(40, setFlags);
    expect(setFlags).toHaveBeenCalledWith('--heap-growing-percent=40');
    setFlags.mockClear();
    limitHeapGrowth(0, setFlags);
    expect(setFlags).not.toHaveBeenCalled();
  });
});
