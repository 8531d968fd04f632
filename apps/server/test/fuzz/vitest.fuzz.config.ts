import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

/**
 * `npm run fuzz`: the fuzz shards alone with the long budget (500 cases per operation unless
 * FUZZ_CASES_PER_OPERATION says otherwise); the server tier runs them with 50.
 */
export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    ...base.test,
    include: ['test/fuzz/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    env: { FUZZ_CASES_PER_OPERATION: process.env.FUZZ_CASES_PER_OPERATION ?? '500' },
  },
});
