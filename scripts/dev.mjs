#!/usr/bin/env node
// Development: API server with reload on change, and Vite's dev server proxying /api and /account to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@netfleet/server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@netfleet/web'], {
    stdio: 'inherit',
    env: { ...process.env, SERVER_PORT: port },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
