import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wirelessTelemetrySchema } from '@netfleet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bandOf, countStations, parseIwInfo, readWifi, type IwRunner } from './wifi.ts';

const AP_INFO = `Interface wlan1
\tifindex 12
\twdev 0x100000002
\taddr 00:1e:42:aa:bb:cd
\tssid Depot_5G
\ttype AP
\twiphy 1
\tchannel 36 (5180 MHz), width: 80 MHz, center1: 5210 MHz
\ttxpower 23.00 dBm
`;
const STATIONS = `Station 3c:22:fb:00:00:01 (on wlan0)
\tinactive time:\t120 ms
\trx bytes:\t1200
Station 3c:22:fb:00:00:02 (on wlan0)
\tinactive time:\t80 ms
`;

let root: string;

/** A /sys/class/net entry: `wireless` marks a radio; statistics hold the counters given. */
const netDevice = async (
  name: string,
  {
    radio = true,
    operstate = 'up',
    rx,
    tx,
  }: Partial<Record<'rx' | 'tx', string>> & {
    radio?: boolean;
    operstate?: string;
  } = {},
) => {
  const dir = join(root, 'sys', 'class', 'net', name);
  await mkdir(join(dir, 'statistics'), { recursive: true });
  if (radio) await mkdir(join(dir, 'phy80211'));
  await writeFile(join(dir, 'operstate'), `${operstate}\n`);
  if (rx !== undefined) await writeFile(join(dir, 'statistics', 'rx_bytes'), rx);
  if (tx !== undefined) await writeFile(join(dir, 'statistics', 'tx_bytes'), tx);
};

const fakeIw =
  (answers: Record<string, string>): IwRunner =>
  (args) =>
    Promise.resolve(answers[args.join(' ')] ?? null);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'nf-wifi-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the Linux Wi-Fi reader', () => {
  it('lists each access point with its clients and the kernel byte counters', async () => {
    await netDevice('eth0', { radio: false, rx: '5000', tx: '6000' });
    await netDevice('wlan0', { rx: '9876543210\n', tx: '123456\n' });
    await netDevice('wlan1', { operstate: 'down', rx: '0', tx: '42' });
    const iw = fakeIw({
      'dev wlan0 info': AP_INFO.replace('Depot_5G', 'Depot').replace(
        'channel 36 (5180 MHz)',
        'channel 6 (2437 MHz)',
      ),
      'dev wlan0 station dump': STATIONS,
      'dev wlan1 info': AP_INFO,
      'dev wlan1 station dump': '',
    });
    const reading = await readWifi({ root, iw });
    expect(reading).toEqual({
      interfaces: [
        {
          ssid: 'Depot',
          band: '2.4GHz',
          channel: 6,
          clients: 2,
          enabled: true,
          rx_bytes: 9_876_543_210,
          tx_bytes: 123_456,
        },
        {
          ssid: 'Depot_5G',
          band: '5GHz',
          channel: 36,
          clients: 0,
          enabled: false,
          rx_bytes: 0,
          tx_bytes: 42,
        },
      ],
    });
    expect(wirelessTelemetrySchema.safeParse(reading).success).toBe(true);
  });

  it('leaves out counters it cannot read, and radios that are not access points', async () => {
    await netDevice('wlan0', { rx: 'garbage' });
    await netDevice('wlan1');
    const iw = fakeIw({
      'dev wlan0 info': AP_INFO,
      'dev wlan1 info': AP_INFO.replace('type AP', 'type managed'),
    });
    expect(await readWifi({ root, iw })).toEqual({
      interfaces: [{ ssid: 'Depot_5G', band: '5GHz', channel: 36, clients: 0, enabled: true }],
    });
  });

  it('sends no reading without iw, without radios or without /sys', async () => {
    expect(await readWifi({ root, iw: fakeIw({}) })).toBeNull();
    await netDevice('wlan0', { rx: '1', tx: '2' });
    expect(await readWifi({ root, iw: fakeIw({}) })).toBeNull();
    await netDevice('eth0', { radio: false });
    expect(await readWifi({ root, iw: fakeIw({ 'dev eth0 info': AP_INFO }) })).toBeNull();
  });

  it('parses iw output and the bands', () => {
    expect(parseIwInfo(AP_INFO)).toEqual({
      ssid: 'Depot_5G',
      type: 'AP',
      channel: 36,
      frequency: 5180,
    });
    expect(parseIwInfo('Interface wlan0\n\ttype monitor\n')).toEqual({
      ssid: null,
      type: 'monitor',
      channel: null,
      frequency: null,
    });
    expect([bandOf(2412), bandOf(5745), bandOf(5955), bandOf(null)]).toEqual([
      '2.4GHz',
      '5GHz',
      null,
      null,
    ]);
    expect(countStations(STATIONS)).toBe(2);
    expect(countStations(null)).toBe(0);
  });
});
