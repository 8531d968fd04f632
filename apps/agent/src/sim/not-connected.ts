// Why the devices of a fleet that are not connected are not: each device counted once, by its
// last failure (or by how far the ramp got with it), unlike the counters, which count events.

/** Where a device that is not connected stands. */
export type NotConnectedReason =
  /** Neither credential nor claim secret: adding it through the API failed. */
  | 'notProvisioned'
  /** The ramp has not come to it (the ramp limit ran out first, or the fleet stopped). */
  | 'notReached'
  /** Enrolling or connecting, and nothing has failed yet. */
  | 'inProgress'
  | 'enrolTimeout'
  | 'enrolRefused'
  /** The enrolment connection failed (refused, reset or closed). */
  | 'enrolError'
  /** A CONNACK refused the connection; `connackCodes` says with which code. */
  | 'brokerRefused'
  | 'connectTimeout'
  /** The connection was refused, reset or closed (also after it had been up). */
  | 'connectError';

export type NotConnected = Record<NotConnectedReason, number> & {
  /** Devices not connected now. */
  total: number;
  /** The `brokerRefused` devices by CONNACK return code. */
  connackCodes: Record<string, number>;
};

/** One device's standing: its reason, and the CONNACK code when the broker refused it. */
export interface DeviceStanding {
  reason: NotConnectedReason;
  connack?: number;
  /** True while its session is connected. */
  online(): boolean;
}

export const tallyNotConnected = (devices: Iterable<DeviceStanding>): NotConnected => {
  const tally: NotConnected = {
    total: 0,
    notProvisioned: 0,
    notReached: 0,
    inProgress: 0,
    enrolTimeout: 0,
    enrolRefused: 0,
    enrolError: 0,
    brokerRefused: 0,
    connectTimeout: 0,
    connectError: 0,
    connackCodes: {},
  };
  for (const device of devices) {
    if (device.online()) continue;
    tally.total += 1;
    tally[device.reason] += 1;
    if (device.reason === 'brokerRefused' && device.connack !== undefined) {
      const code = String(device.connack);
      tally.connackCodes[code] = (tally.connackCodes[code] ?? 0) + 1;
    }
  }
  return tally;
};

/** `12 not connected: connectError 9, enrolTimeout 3 (CONNACK 5: 2)`, or `all connected`. */
export const describeNotConnected = (tally: NotConnected): string => {
  if (tally.total === 0) return 'all connected';
  const { total, connackCodes, ...reasons } = tally;
  const parts = Object.entries(reasons)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${reason} ${count}`);
  const codes = Object.entries(connackCodes).map(([code, count]) => `CONNACK ${code}: ${count}`);
  return `${total} not connected: ${parts.join(', ')}${codes.length ? ` (${codes.join(', ')})` : ''}`;
};
