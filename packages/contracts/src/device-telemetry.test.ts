import { describe, expect, it } from 'vitest';
import {
  OPENVPN_CLIENTS_MAX,
  openvpnClientName,
  parseReading,
  vpnTelemetrySchema,
} from './device-telemetry.ts';

const connected = {
  hub_id: 3,
  name: openvpnClientName(3),
  status: 'connected',
  ip: '10.8.3.7',
  bytes_sent: 182_400,
  bytes_received: 1_204_880,
  since: 1_750_000_000_000,
  error: null,
};

const vpnReading = (data: unknown) => JSON.stringify({ ts: 1_750_000_000_000, data });

describe('vpn telemetry', () => {
  it('keeps L2TP-only readings of older devices valid', () => {
    const old = { l2tp: [{ name: 'l2tp_office', status: 'running' }] };
    expect(parseReading('vpn', vpnReading(old))?.data).toEqual(old);
  });

  it('takes the hub clients a device reports, and an empty list after it left the last', () => {
    expect(vpnTelemetrySchema.parse({ l2tp: [], openvpn: [connected] }).openvpn).toEqual([
      connected,
    ]);
    const connecting = { ...connected, status: 'connecting', ip: null, since: null };
    expect(vpnTelemetrySchema.safeParse({ l2tp: [], openvpn: [connecting] }).success).toBe(true);
    expect(vpnTelemetrySchema.parse({ l2tp: [], openvpn: [] }).openvpn).toEqual([]);
    expect(openvpnClientName(12)).toBe('nf_hub_12');
  });

  it('refuses what the console could not show', () => {
    const refused = [
      { ...connected, status: 'up' },
      { ...connected, ip: '10.8.3.300' },
      { ...connected, ip: 'fe80::1' },
      { ...connected, bytes_sent: -1 },
      { ...connected, bytes_received: 1.5 },
      { ...connected, hub_id: 0 },
      { ...connected, error: 'x'.repeat(257) },
      { ...connected, error: 'line\nbreak' },
    ];
    for (const client of refused) {
      expect(vpnTelemetrySchema.safeParse({ l2tp: [], openvpn: [client] }).success).toBe(false);
    }
    const tooMany = Array.from({ length: OPENVPN_CLIENTS_MAX + 1 }, () => connected);
    expect(vpnTelemetrySchema.safeParse({ l2tp: [], openvpn: tooMany }).success).toBe(false);
  });
});
