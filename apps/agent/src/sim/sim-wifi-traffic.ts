import type { WirelessReading } from '@netfleet/contracts';
import type { SimDevice } from './sim-device.ts';

// The byte counters of a simulated device's radios: what its clients moved since the last
// reading, so traffic follows the client count and the counters only grow until the next boot.

/** Bytes a second each connected client receives from the radio; what it sends is a quarter. */
const SENT_PER_CLIENT_BASE = 4_000;
/** Devices differ in how busy their clients are: up to 7 steps of this on top of the base. */
const SENT_PER_CLIENT_STEP = 2_000;
/** Broadcast and management traffic of a radio that is on, even with no client. */
const IDLE_SENT = 300;
const IDLE_RECEIVED = 50;

export type SimRadio = Omit<WirelessReading, 'rx_bytes' | 'tx_bytes'>;

/**
 * The radios with their counters, advanced by the seconds since they were last counted (since
 * boot the first time) at the device's rate per client; a radio that is off counts nothing.
 */
export const countWifiTraffic = (d: SimDevice, radios: SimRadio[]): WirelessReading[] => {
  const now = d.now();
  const seconds = Math.max(0, (now - (d.wifiCountedAt ?? d.bootedAt)) / 1000);
  d.wifiCountedAt = now;
  const perClient = SENT_PER_CLIENT_BASE + (d.index % 8) * SENT_PER_CLIENT_STEP;
  return radios.map((radio, i) => {
    const sent = radio.enabled ? (IDLE_SENT + radio.clients * perClient) * seconds : 0;
    const received = radio.enabled
      ? (IDLE_RECEIVED + (radio.clients * perClient) / 4) * seconds
      : 0;
    d.wifiTx[i] = (d.wifiTx[i] ?? 0) + Math.round(sent);
    d.wifiRx[i] = (d.wifiRx[i] ?? 0) + Math.round(received);
    return { ...radio, rx_bytes: d.wifiRx[i], tx_bytes: d.wifiTx[i] };
  });
};
