import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import {
  firmwareStringSchema,
  modelNameSchema,
  type TelemetryCategory,
  type TelemetryData,
} from '@netfleet/contracts';
import {
  isOperUp,
  parseDefaultRoute,
  parseLoadavg,
  parseMemAvailable,
  parseNetDev,
  parseShellVars,
  parseThermal,
  parseUptime,
  wanStateOf,
} from './proc.ts';
import { readWifi } from './wifi.ts';

const read = (path: string) => readFile(path, 'utf8').catch(() => null);

const firstIpv4 = (name: string | null): string | null =>
  (name ? os.networkInterfaces()[name] : undefined)?.find((a) => a.family === 'IPv4')?.address ??
  null;

/** The first non-loopback interface with a MAC: the default serial and MAC. */
export const primaryInterface = (): { name: string; mac: string } | null => {
  for (const [name, addresses] of Object.entries(os.networkInterfaces())) {
    const address = addresses?.find((a) => !a.internal && a.mac !== '00:00:00:00:00:00');
    if (address) return { name, mac: address.mac.toUpperCase() };
  }
  return null;
};

/**
 * Model and firmware when no flag names them: RutOS keeps its version in /etc/version, OpenWrt
 * describes itself in /etc/openwrt_release; anything else is a plain Linux box.
 */
export const detectPlatform = async (): Promise<{ model: string; firmware: string }> => {
  const version = (await read('/etc/version'))?.trim();
  const openwrt = await read('/etc/openwrt_release');
  const clean = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  if (openwrt !== null) {
    const vars = parseShellVars(openwrt);
    const rutos = version ? firmwareStringSchema.safeParse(version) : null;
    return {
      model: 'OPENWRT',
      firmware: rutos?.success ? rutos.data : clean(`OpenWrt_${vars.DISTRIB_RELEASE ?? 'unknown'}`),
    };
  }
  return { model: 'LINUX', firmware: clean(`linux-${os.release()}`) };
};

export const isValidModel = (model: string) => modelNameSchema.safeParse(model).success;

const interfaceUp = async (name: string) =>
  isOperUp(await read(`/sys/class/net/${name}/operstate`));

const dynamic = async (): Promise<TelemetryData<'dynamic'>> => {
  const [netDev, uptime, loadavg, meminfo, route] = await Promise.all([
    read('/proc/net/dev'),
    read('/proc/uptime'),
    read('/proc/loadavg'),
    read('/proc/meminfo'),
    read('/proc/net/route'),
  ]);
  const zones = (await readdir('/sys/class/thermal').catch(() => [] as string[])).filter((z) =>
    z.startsWith('thermal_zone'),
  );
  const temps = (await Promise.all(zones.map((z) => read(`/sys/class/thermal/${z}/temp`)))).filter(
    (t): t is string => t !== null,
  );
  const wan = route ? parseDefaultRoute(route) : null;
  const counters = netDev ? parseNetDev(netDev).slice(0, 64) : [];
  const load = loadavg ? parseLoadavg(loadavg) : null;
  const memory = meminfo ? parseMemAvailable(meminfo) : null;
  return {
    uptime: uptime ? parseUptime(uptime) : Math.floor(os.uptime()),
    temperature: parseThermal(temps),
    ...(load ? { load } : {}),
    ...(memory !== null ? { memory_free: memory } : {}),
    wan_state: wanStateOf(wan),
    wan_ip: firstIpv4(wan),
    interfaces: await Promise.all(
      counters.map(async (c) => ({
        name: c.name.slice(0, 64),
        rx: c.rx,
        tx: c.tx,
        up: await interfaceUp(c.name),
      })),
    ),
    modems: [],
  };
};

const staticInfo = async (): Promise<TelemetryData<'static'>> => {
  const route = await read('/proc/net/route');
  const wan = route ? parseDefaultRoute(route) : null;
  const names = Object.keys(os.networkInterfaces());
  // The LAN address: br-lan on OpenWrt, else the first private IPv4 not on the WAN interface.
  const lanName = names.includes('br-lan')
    ? 'br-lan'
    : names.find((n) => n !== wan && n !== 'lo' && firstIpv4(n));
  return {
    hostname: os.hostname().slice(0, 64),
    lan_ip: firstIpv4(lanName ?? null),
    kernel: os.release().slice(0, 64),
    sims: [],
  };
};

/**
 * A generic Linux box has no GPS, IO, hotspot, DDNS or L2TP status the agent could read; Wi-Fi
 * only where it is an access point (wifi.ts).
 */
export const readLinux = async (category: TelemetryCategory): Promise<unknown> => {
  if (category === 'dynamic') return dynamic();
  if (category === 'static') return staticInfo();
  if (category === 'wireless') return readWifi();
  return null;
};
