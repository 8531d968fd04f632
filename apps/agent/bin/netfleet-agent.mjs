#!/usr/bin/env node
// Runs the compiled agent (apps/agent/dist), building the agent first when its sources changed since
// the last build (scripts/build), so the command works straight after `npm ci`.
const { runCompiled } = await import(new URL('../../../scripts/build/index.mjs', import.meta.url));
await runCompiled('agent', new URL('../dist/agent.js', import.meta.url).href);
