// The `netfleet` command (apps/server/bin/netfleet.mjs runs its compiled bundle): start, migrate,
// create-admin, reset-password, backup, restore and doctor, with the server's own settings and
// code. `netfleet --help` lists them.
import { runCli } from './run';
import { systemDoctorProbes } from './doctor-probes';

const status = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  probes: systemDoctorProbes,
  // The server runs in this process, started by its import.
  startServer: async () => {
    await import('@/server');
  },
});
// A finished command exits even if a driver left a socket open; `start` keeps running.
if (status !== null) process.exit(status);
