import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * Issue 23's fault tier: real server processes, a simulated fleet in another process, and the
 * faults done to them for real (a broker stopped, kill -9, PostgreSQL restarted). Each file
 * starts its own processes on free ports; they run one at a time, as the machine has two cores
 * and every scenario is a load on both. No global setup: each server migrates its own database.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    environment: 'node',
    include: ['test/fault/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
