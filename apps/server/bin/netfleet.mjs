#!/usr/bin/env node
// Runs the TypeScript entry through tsx, the loader `npm start` uses, so `npx netfleet` needs no
// build step. The server's tsconfig is named because its `@/` paths must resolve from any cwd.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/cli/netfleet.ts');
