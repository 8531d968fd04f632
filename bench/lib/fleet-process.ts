// The simulator in its own process for the benchmarks: `tsx fleet-process.ts '<FleetOptions JSON>'`.
// Prints one JSON line of counters per second ({"ramped": bool, ...counters, "notConnected":
// {...}}); on SIGTERM it stops the fleet (bounded), prints the final counters with "done": true
// and exits.
import { startFleet, type FleetOptions } from '../../apps/agent/src/sim/fleet.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as FleetOptions;
const fleet = await startFleet({
  ...options,
  log: (message) => process.stderr.write(`${message}\n`),
});
let ramped = false;
void fleet.ramped.then(() => {
  ramped = true;
});
const print = (extra: Record<string, unknown> = {}) =>
  process.stdout.write(
    `${JSON.stringify({ ramped, ...fleet.counters, notConnected: fleet.notConnected(), ...extra })}\n`,
  );
const timer = setInterval(print, 1000);
process.once('SIGTERM', () => {
  clearInterval(timer);
  void fleet.stop().then(() => {
    print({ done: true });
    process.exit(0);
  });
});
