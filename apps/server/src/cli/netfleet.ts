// The `netfleet` command (apps/server/bin/netfleet.mjs): start, migrate, create-admin,
// reset-password and doctor, with the server's own settings and code. `netfleet --help` lists them.
import { fileURLToPath } from 'node:url';
import { runCli } from './run';
import { systemDoctorProbes } from './doctor-probes';

const status = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  probes: systemDoctorProbes,
  // As `npm start -w @netfleet/server` runs it: from the package folder (the embedded broker's
  // worker thread loads tsx relative to the working directory), and started by its import.
  startServer: async () => {
    process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
    await import('@/server');
  },
});
// A finished command exits even if a driver left a socket open; `start` keeps running.
if (status !== null) process.exit(status);
