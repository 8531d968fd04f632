// Issue 23, broker outage under load: a server on an external Mosquitto (MQTT_URL), a fleet
// reporting every second; Mosquitto is stopped for FAULT_OUTAGE_SECONDS (30) and started again.
// Afterwards every reading a device had a PUBACK for is stored, every device is back, and the
// devices came back spread out by their back-off (reconnectDelay, with jitter) rather than in
// one burst: Mosquitto's log says when each connected.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCleanup,
  fleetOn,
  scenarioDatabase,
  serverOn,
  setting,
  storedReadings,
} from './fault-kit';
import { mosquittoMissing, startFaultMosquitto } from './fault-mosquitto';

const DEVICES = setting('FAULT_DEVICES', 200);
const OUTAGE_S = setting('FAULT_OUTAGE_SECONDS', 30);
/**
 * After a 30 s outage a device's next delay is drawn from [16 s, 32 s] (or [8, 16] for one whose
 * attempts started late), so the fleet comes back over many seconds. A quarter of it in one
 * second would be a storm: every device retrying at a fixed period lands in the same second.
 */
const MAX_RECONNECTS_PER_SECOND = Math.max(5, Math.ceil(DEVICES / 4));

const missing = mosquittoMissing();
if (missing) console.log(`broker outage: skipped, ${missing}`);

const cleanup = createCleanup();
afterEach(() => cleanup.run(), 180_000);

describe.skipIf(Boolean(missing))('an external broker stopped under load', () => {
  it('loses no acknowledged reading and gets the fleet back without a storm', async () => {
    const mosquitto = await startFaultMosquitto();
    cleanup.add(() => mosquitto.close());
    const database = await scenarioDatabase(cleanup);
    const server = await serverOn(database, { MQTT_URL: mosquitto.url })(cleanup);
    const fleet = fleetOn(server, cleanup, { devices: DEVICES, intervalMs: 1000 });
    await fleet.waitFor((s) => s.connected >= DEVICES, 120_000, 'every device online');
    await fleet.waitFor((s) => s.acked >= DEVICES * 3, 30_000, 'readings flowing');

    await mosquitto.stop();
    const stoppedAt = Math.floor(Date.now() / 1000);
    await fleet.waitFor((s) => s.connected === 0, 30_000, 'every device offline');
    await sleep(OUTAGE_S * 1000);
    await mosquitto.start();
    const restartedAt = Math.floor(Date.now() / 1000);
    const ackedAtRestart = fleet.latest()?.acked ?? 0;

    // The longest a device waits is the back-off's ceiling (60 s) at worst.
    await fleet.waitFor((s) => s.connected >= DEVICES, 90_000, 'every device back');
    await fleet.waitFor((s) => s.acked >= ackedAtRestart + DEVICES * 3, 30_000, 'readings again');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);

    const devices = (id: string) => /^d\d+$/.test(id);
    const reconnects = mosquitto.connections(devices).filter(([second]) => second >= restartedAt);
    expect(new Set(reconnects.map(([, id]) => id)).size).toBe(DEVICES);
    const perSecond = new Map<number, number>();
    for (const [second] of reconnects) perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    const busiest = Math.max(...perSecond.values());
    const during = mosquitto.connections(devices).filter(([s]) => s > stoppedAt && s < restartedAt);
    console.log(
      `broker outage: ${DEVICES} devices back over ${perSecond.size} s, at most ${busiest} in one second (limit ${MAX_RECONNECTS_PER_SECOND})`,
    );
    expect(during).toHaveLength(0);
    expect(busiest).toBeLessThanOrEqual(MAX_RECONNECTS_PER_SECOND);

    const final = await fleet.stop();
    // SIGTERM: the server stores what it holds before it exits.
    await server.stop();
    const stored = await storedReadings(server, database);
    console.log(`broker outage: ${final?.acked} readings acknowledged, ${stored} stored`);
    expect(final?.done).toBe(true);
    expect(stored).toBeGreaterThanOrEqual(final?.acked ?? Infinity);
  });
});
