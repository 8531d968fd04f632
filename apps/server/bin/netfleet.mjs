#!/usr/bin/env node
// Runs the compiled command (apps/server/dist), building the server first when its sources changed
// since the last build (scripts/build), so `npx netfleet` works straight after `npm ci`.
const { runCompiled } = await import(new URL('../../../scripts/build/index.mjs', import.meta.url));
await runCompiled('server', new URL('../dist/netfleet.js', import.meta.url).href);
