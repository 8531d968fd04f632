import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** The RMS API v3 conformance tier: coverage of our OpenAPI, live answers, a generated client. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/rms/**/*.test.ts'], exclude: ['**/node_modules/**'] },
});
