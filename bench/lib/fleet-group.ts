// A fleet split over several simulator processes, each on a broker of its own, driven as one:
// a process holds a socket per device, and this machine caps every process at 20,000 open files,
// so 20,000 devices need two processes (and two brokers, see scale-out.bench.ts).
import type { FleetOptions } from '../../apps/agent/src/sim/fleet.ts';
import { type FleetSnapshot, notConnectedOf, spawnFleet } from './fleet-control';
import { isRecord } from './report';

type Fleet = ReturnType<typeof spawnFleet>;

/** Numbers added up, booleans true when all are, records key by key (a missing key counts 0). */
const combine = (values: unknown[]): unknown => {
  if (values.every((value) => typeof value === 'boolean')) return values.every(Boolean);
  if (values.every(isRecord)) {
    const keys = [...new Set(values.flatMap((value) => Object.keys(value)))];
    return Object.fromEntries(
      keys.map((key) => {
        const present = values.filter((value) => key in value).map((value) => value[key]);
        return [key, combine(present)];
      }),
    );
  }
  return values.reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
};

/** The parts' counters added up; a part not yet reporting has reached none of its devices. */
const combined = (fleets: Fleet[], sizes: number[]): FleetSnapshot | null => {
  const snapshots = fleets.map((fleet) => fleet.latest());
  if (snapshots.every((snapshot) => snapshot === null)) return null;
  const parts = snapshots.map(
    (snapshot, i) =>
      snapshot ?? { ramped: false, notConnected: notConnectedOf(null, sizes[i] ?? 0) },
  );
  return combine(parts) as FleetSnapshot;
};

/** The simulator's own default. */
const CONCURRENCY = 200;

/**
 * `options.devices` split evenly over one simulator process per URL of `mqttUrls`, each with a
 * seed of its own (the seed leads every serial, so the parts do not collide), its own state file
 * (`statePath` gets `-<part>` before its extension) and its share of `concurrency`, so that the
 * whole fleet opens as many connections at once as one process would.
 */
export const spawnFleets = (
  options: Omit<FleetOptions, 'log' | 'mqttUrl'>,
  mqttUrls: readonly string[],
): Pick<Fleet, 'latest' | 'reaches' | 'stop'> => {
  if (mqttUrls.length === 1) return spawnFleet({ ...options, mqttUrl: mqttUrls[0] ?? '' });
  const sizes = mqttUrls.map(
    (_, i) =>
      Math.floor(options.devices / mqttUrls.length) +
      (i < options.devices % mqttUrls.length ? 1 : 0),
  );
  const fleets = mqttUrls.map((mqttUrl, i) =>
    spawnFleet({
      ...options,
      mqttUrl,
      devices: sizes[i] ?? 0,
      seed: options.seed + i,
      concurrency: Math.ceil((options.concurrency ?? CONCURRENCY) / mqttUrls.length),
      statePath: options.statePath.replace(/(\.\w+)?$/, `-${i}$1`),
    }),
  );
  const latest = () => combined(fleets, sizes);
  return {
    latest,
    async reaches(test, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const snapshot = latest();
        if (snapshot && test(snapshot)) return true;
        if (Date.now() >= deadline) return false;
        // A part that exited throws, as one fleet does.
        await Promise.all(fleets.map((fleet) => fleet.reaches(() => true, 0, what)));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop() {
      await Promise.all(fleets.map((fleet) => fleet.stop()));
      return latest();
    },
  };
};
