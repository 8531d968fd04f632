import { describe, expect, it } from 'vitest';
import { createBatchQueue } from './batch-queue';

describe('createBatchQueue', () => {
  it('runs what arrived together as one batch, and what came during a run as the next', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const queue = createBatchQueue<number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { max: 10 },
    );
    const first = [1, 2, 3].map((n) => queue.push(n));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((n) => queue.push(n));
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('takes at most max items a batch, chosen by select, the rest in later batches', async () => {
    const batches: string[][] = [];
    const queue = createBatchQueue<string>(
      async (items) => {
        batches.push(items);
      },
      // Odd lengths only: once none is left, the queue still moves on.
      { max: 2, select: (waiting, max) => waiting.filter((s) => s.length % 2 === 1).slice(0, max) },
    );
    await Promise.all(['a', 'bb', 'c', 'ddd', 'ee'].map((s) => queue.push(s)));
    expect(batches).toEqual([['a', 'c'], ['ddd'], ['bb', 'ee']]);
  });

  it('rejects the items of a failed batch only', async () => {
    const queue = createBatchQueue<number>(
      async (items) => {
        if (items.includes(1)) throw new Error('boom');
      },
      { max: 1 },
    );
    const results = await Promise.allSettled([queue.push(1), queue.push(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});
