/** Which of the waiting items the next batch takes (at most `max`); the others wait for the next. */
export type BatchSelector<T> = (waiting: readonly T[], max: number) => readonly T[];

const firstOnes = <T>(waiting: readonly T[], max: number) => waiting.slice(0, max);

/**
 * Coalesces work items so that a burst from thousands of devices costs a few set-based statements
 * per batch instead of a few queries per item. A batch starts on the event loop turn after the
 * first item arrives (items read together share it), and whatever arrives while a batch runs
 * waits for the next one: batches grow with the load, and a lone item waits for nothing. Batches
 * run one at a time in arrival order.
 */
export const createBatchQueue = <T>(
  run: (items: T[]) => Promise<void>,
  { max, select = firstOnes }: { max: number; select?: BatchSelector<T> },
) => {
  let waiting: { item: T; settle: (error?: unknown) => void }[] = [];
  let draining = false;

  const take = () => {
    const items = waiting.map((entry) => entry.item);
    const selected = select(items, max);
    // A selector that picks nothing would spin: the queue always moves on.
    const chosen = new Set(selected.length > 0 ? selected : firstOnes(items, max));
    const batch = waiting.filter((entry) => chosen.has(entry.item));
    waiting = waiting.filter((entry) => !chosen.has(entry.item));
    return batch;
  };

  const drain = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = take();
      const error = await run(batch.map((entry) => entry.item)).then(
        () => undefined,
        (failure: unknown) => failure ?? new Error('batch failed'),
      );
      for (const entry of batch) entry.settle(error);
    }
    draining = false;
  };

  return {
    /** Resolves once the item's batch has run; rejects if that batch failed. */
    push(item: T): Promise<void> {
      const done = new Promise<void>((resolve, reject) => {
        waiting.push({ item, settle: (error) => (error ? reject(error) : resolve()) });
      });
      if (!draining) {
        draining = true;
        void drain();
      }
      return done;
    },
  };
};
