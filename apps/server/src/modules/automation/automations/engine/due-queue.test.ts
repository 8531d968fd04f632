import { describe, expect, it } from 'vitest';
import { createDueQueue } from './due-queue';

interface Item {
  name: number;
  dueAt: number;
  queueIndex: number;
}

const item = (name: number): Item => ({ name, dueAt: 0, queueIndex: -1 });

const drain = (queue: ReturnType<typeof createDueQueue<Item>>, now: number) => {
  const out: Item[] = [];
  for (let next = queue.popDue(now); next; next = queue.popDue(now)) out.push(next);
  return out;
};

describe('createDueQueue', () => {
  it('hands out what is due, earliest first, and nothing early', () => {
    const queue = createDueQueue<Item>();
    const [a, b, c] = [item(1), item(2), item(3)];
    queue.set(a, 30);
    queue.set(b, 10);
    queue.set(c, 20);
    expect(queue.popDue(5)).toBeUndefined();
    expect(drain(queue, 20).map((i) => i.name)).toEqual([2, 3]);
    expect(queue.size()).toBe(1);
    expect(c.queueIndex).toBe(-1);
  });

  it('moves a queued item instead of adding it twice, and removes it', () => {
    const queue = createDueQueue<Item>();
    const [a, b] = [item(1), item(2)];
    queue.set(a, 10);
    queue.set(b, 20);
    queue.set(a, 30);
    expect(queue.size()).toBe(2);
    expect(drain(queue, 25).map((i) => i.name)).toEqual([2]);
    queue.remove(a);
    queue.remove(a);
    expect(queue.size()).toBe(0);
    expect(queue.popDue(100)).toBeUndefined();
  });

  it('agrees with a sorted list over random sets, moves and removes', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const queue = createDueQueue<Item>();
    const items = Array.from({ length: 200 }, (_, i) => item(i));
    const queued = new Map<Item, number>();
    for (let step = 0; step < 5000; step += 1) {
      const target = items[Math.floor(random() * items.length)] as Item;
      if (random() < 0.3) {
        queue.remove(target);
        queued.delete(target);
      } else {
        const due = Math.floor(random() * 1000);
        queue.set(target, due);
        queued.set(target, due);
      }
    }
    expect(queue.size()).toBe(queued.size);
    const popped = drain(queue, 1000).map((i) => i.dueAt);
    expect(popped).toEqual([...queued.values()].sort((a, b) => a - b));
  });
});
