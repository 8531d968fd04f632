import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a heap grow past what the last full collection kept, in percent (V8's
 * `--heap-growing-percent`; 0 leaves V8's own choice). Under a steady stream of device messages V8
 * chose up to 4×: the main thread kept ~100 MiB live in a ~400 MiB heap, the broker's thread ~110
 * in ~200, about 35 KB per connected device spent on garbage not yet collected. V8 reads the flag
 * whenever it sizes a heap after a collection, and flags are per process, so setting it at start
 * covers the broker's thread too.
 */
export const limitHeapGrowth = (percent: number, setFlags = setFlagsFromString): void => {
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`);
};
