import { describe, expect, it } from 'vitest';
import {
  parseDefaultRoute,
  parseLoadavg,
  parseMemAvailable,
  parseNetDev,
  parseShellVars,
  parseThermal,
  parseUptime,
  wanStateOf,
} from './proc.ts';

const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo:  123456     100    0    0    0     0          0         0   123456     100    0    0    0     0       0          0
  eth0: 9876543210 7000000    0   12    0     0          0      1200 1234567890 5000000    0    0    0     0       0          0
br-lan:1000 10 0 0 0 0 0 0 2000 20 0 0 0 0 0 0
`;

describe('/proc parsers', () => {
  it('reads interface byte counters from /proc/net/dev', () => {
    expect(parseNetDev(NET_DEV)).toEqual([
      { name: 'lo', rx: 123456, tx: 123456 },
      { name: 'eth0', rx: 9876543210, tx: 1234567890 },
      { name: 'br-lan', rx: 1000, tx: 2000 },
    ]);
  });

  it('reads uptime, load and available memory', () => {
    expect(parseUptime('350735.47 234388.90\n')).toBe(350735);
    expect(parseUptime('garbage')).toBe(0);
    expect(parseLoadavg('0.12 0.34 0.56 1/234 5678\n')).toEqual([0.12, 0.34, 0.56]);
    expect(parseLoadavg('')).toBeNull();
    const meminfo =
      'MemTotal:        8000000 kB\nMemFree:          100000 kB\nMemAvailable:    2000000 kB\n';
    expect(parseMemAvailable(meminfo)).toBe(2_000_000 * 1024);
    expect(parseMemAvailable('MemTotal: 10 kB\nMemFree: 5 kB\n')).toBe(5 * 1024);
  });

  it('turns millidegrees into deci-degrees, hottest zone first', () => {
    expect(parseThermal(['45000\n', '51234\n'])).toBe(512);
    expect(parseThermal([])).toBeNull();
    expect(parseThermal(['not a number'])).toBeNull();
  });

  it('finds the default route interface and names the WAN kind', () => {
    const route = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
wwan0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0
`;
    expect(parseDefaultRoute(route)).toBe('wwan0');
    expect(parseDefaultRoute(route.split('\n').slice(0, 2).join('\n'))).toBeNull();
    expect(wanStateOf('wwan0')).toBe('mobile');
    expect(wanStateOf('eth1')).toBe('wired');
    expect(wanStateOf('wlan0')).toBe('wifi');
    expect(wanStateOf(null)).toBe('down');
  });

  it('reads /etc/openwrt_release variables', () => {
    const vars = parseShellVars(
      "DISTRIB_ID='OpenWrt'\nDISTRIB_RELEASE='23.05.3'\nDISTRIB_TARGET=\"ath79/generic\"\n",
    );
    expect(vars).toMatchObject({
      DISTRIB_ID: 'OpenWrt',
      DISTRIB_RELEASE: '23.05.3',
      DISTRIB_TARGET: 'ath79/generic',
    });
  });
});
