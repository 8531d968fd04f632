import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'brands/**/*.test.ts', 'vite-plugins/**/*.test.ts'],
      css: false,
      restoreMocks: true,
      // Each file in its own VM context on shared workers: jsdom and the node_modules imports are
      // set up once per worker instead of once per file (482 s → 259 s on a two-core CI machine).
      pool: 'vmThreads',
      // VM contexts leak with every file; the default limit (memory / workers, 12 GB here) lies
      // above a worker thread's V8 heap, so a worker crashed ("Worker exited unexpectedly")
      // before it was recycled. Recycle well below the heap instead.
      vmMemoryLimit: '1500MB',
      // Vitest's default leaves one core idle, which on a two-core CI machine halves the speed.
      maxWorkers: Math.max(2, availableParallelism()),
      // Typing into forms through user-event takes seconds on a busy two-core machine.
      testTimeout: 15_000,
    },
  }),
);
