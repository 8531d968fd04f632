import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@test': fileURLToPath(new URL('./test', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The RMS conformance, VPN tunnel and fault tiers run on their own (vitest.rms.config.ts,
    // vitest.vpn.config.ts, vitest.fault.config.ts).
    exclude: ['test/rms/**', 'test/vpn-netns/**', 'test/fault/**', '**/node_modules/**'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file owns its database (PGlite ~0.5 GB, or its own PostgreSQL database), so files run
    // side by side. Vitest's default leaves one core idle; at most four keeps memory modest.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
    // Files share a worker's module cache: importing the app took ~2.5 s per file, over half of the
    // tier's time (427 s → 166 s on a two-core CI machine). What a file changes lives in the app and
    // database it builds (the embedded broker's state on its own thread), so nothing leaks across.
    isolate: false,
    // expect.poll's 1 s default is a database round trip or two on a loaded two-core CI machine;
    // a poll that passes returns at once, so this only gives a slow machine room.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
