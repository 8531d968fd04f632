import { fuzzShard } from './run';

// One of four files (vitest runs files side by side), each fuzzing a quarter of the operations.
await fuzzShard(2, 4);
