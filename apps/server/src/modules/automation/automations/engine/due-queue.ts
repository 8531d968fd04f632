/** Something the queue orders by `dueAt`; `queueIndex` is the queue's bookkeeping (-1: not queued). */
export interface Queued {
  dueAt: number;
  queueIndex: number;
}

export interface DueQueue<T extends Queued> {
  /** Queues the item at `dueAt`, or moves it there if already queued. */
  set(item: T, dueAt: number): void;
  remove(item: T): void;
  /** The earliest item if it is due at `now`, taken out of the queue; else undefined. */
  popDue(now: number): T | undefined;
  size(): number;
}

/**
 * A binary min-heap whose items know their own position, so an item is moved or removed in
 * O(log n) when its rule goes idle or its due time changes. Without that, stale entries of
 * flapping conditions would pile up until their (possibly hours away) due time.
 */
export const createDueQueue = <T extends Queued>(): DueQueue<T> => {
  const heap: T[] = [];

  const place = (item: T, index: number) => {
    heap[index] = item;
    item.queueIndex = index;
  };

  const up = (item: T) => {
    let index = item.queueIndex;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = heap[parentIndex] as T;
      if (parent.dueAt <= item.dueAt) break;
      place(parent, index);
      index = parentIndex;
    }
    place(item, index);
  };

  const down = (item: T) => {
    let index = item.queueIndex;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child =
        right < heap.length && (heap[right] as T).dueAt < (heap[left] as T).dueAt ? right : left;
      const smaller = heap[child] as T;
      if (smaller.dueAt >= item.dueAt) break;
      place(smaller, index);
      index = child;
    }
    place(item, index);
  };

  const remove = (item: T) => {
    const index = item.queueIndex;
    if (index < 0 || heap[index] !== item) return;
    item.queueIndex = -1;
    const last = heap.pop() as T;
    if (last === item) return;
    place(last, index);
    up(last);
    down(last);
  };

  return {
    set(item, dueAt) {
      item.dueAt = dueAt;
      if (item.queueIndex < 0 || heap[item.queueIndex] !== item) {
        place(item, heap.length);
        up(item);
        return;
      }
      up(item);
      down(item);
    },
    remove,
    popDue(now) {
      const first = heap[0];
      if (!first || first.dueAt > now) return undefined;
      remove(first);
      return first;
    },
    size: () => heap.length,
  };
};
