import { toUciText } from '@netfleet/contracts';
import { OPERATORS } from './catalogue.ts';
import type { SimDevice } from './sim-device.ts';
import { simLanHosts } from './sim-lan.ts';

// The files a simulated router has of itself, without a `file_put`: its configuration store as
// /etc/config/<name> (UCI text), /proc/uptime, /etc/os-release and a short /var/log/messages,
// each rendered from the device's state when read.

/** The kernel its firmware runs: RutOS 07.x is OpenWrt 21.02 based, older firmware 19.07. */
export const simKernelVersion = (device: SimDevice): string =>
  device.capabilities.has_rutos ? '5.15.167' : '4.14.241';

const CONFIG_DIR = '/etc/config';
const FIXED_FILES = ['/proc/uptime', '/etc/os-release', '/var/log/messages'] as const;

/** Seconds since boot and seconds idle, as the kernel shows them (to the hundredth). */
const procUptime = (device: SimDevice) => {
  const seconds = Math.max(0, device.now() - device.bootedAt) / 1000;
  // A router is mostly idle.
  return `${seconds.toFixed(2)} ${(seconds * 0.93).toFixed(2)}\n`;
};

/** `RUTX_R_00.07.13` → `00.07.13`. */
const versionOf = (firmware: string) => firmware.split('_R_')[1] ?? firmware;

const osRelease = (device: SimDevice) => {
  const name = device.capabilities.has_rutos ? 'RutOS' : 'OpenWrt';
  const version = versionOf(device.firmware);
  return `${[
    `NAME="${name}"`,
    `VERSION="${version}"`,
    `ID="${name.toLowerCase()}"`,
    'ID_LIKE="lede openwrt"',
    `PRETTY_NAME="${name} ${device.firmware}"`,
    `VERSION_ID="${version}"`,
    `BUILD_ID="${device.firmware}"`,
    'HOME_URL="https://teltonika-networks.com/"',
    'OPENWRT_DEVICE_MANUFACTURER="Teltonika"',
    `OPENWRT_DEVICE_PRODUCT="${device.model}"`,
    `OPENWRT_RELEASE="${device.firmware}"`,
  ].join('\n')}\n`;
};

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `Thu Jun 12 10:20:31 2025`, as logread and syslogd stamp lines (the device keeps UTC). */
const syslogTime = (ms: number) => {
  const d = new Date(ms);
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`;
};

/** A few lines of the device's syslog: its boot, its uplink coming up, a recent DHCP lease. */
const messages = (device: SimDevice) => {
  const now = device.now();
  // Seconds after boot, but never later than now (a device that has just booted).
  const at = (seconds: number) => syslogTime(Math.min(now, device.bootedAt + seconds * 1000));
  const modem = device.modems[0];
  const uplink = modem
    ? [
        `${at(24)} daemon.info mobifd: modem 1-1 registered to ${OPERATORS[modem.operator]}`,
        `${at(27)} daemon.notice netifd: Interface 'mob1s1a1' is now up`,
      ]
    : [`${at(20)} daemon.notice netifd: Interface 'wan' is now up`];
  const host = simLanHosts(device).at(-1);
  const lease = host
    ? [
        `${at(Math.max(30, (now - device.bootedAt) / 1000 - 120))} daemon.info dnsmasq-dhcp[1843]: DHCPACK(br-lan) ${host.ip} ${host.mac.toLowerCase()}`,
      ]
    : [];
  return `${[
    `${at(0)} kern.notice kernel: [    0.000000] Linux version ${simKernelVersion(device)} #0 SMP`,
    `${at(11)} daemon.notice netifd: Interface 'lan' is now up`,
    `${at(13)} daemon.info dnsmasq[1843]: started, version 2.89 cachesize 1000`,
    `${at(16)} authpriv.info dropbear[1971]: Running in background`,
    ...uplink,
    ...lease,
  ].join('\n')}\n`;
};

/** The text of a file the device has of itself at `path`, or null when it has none there. */
export const systemFileText = (device: SimDevice, path: string): string | null => {
  if (path === '/proc/uptime') return procUptime(device);
  if (path === '/etc/os-release') return osRelease(device);
  if (path === '/var/log/messages') return messages(device);
  const name = path.startsWith(`${CONFIG_DIR}/`) ? path.slice(CONFIG_DIR.length + 1) : null;
  const store = device.configStore();
  // Own keys only: /etc/config/constructor is no config.
  return name !== null && Object.hasOwn(store, name) ? toUciText(store[name] ?? {}) : null;
};

/** Whether `path` is a directory of the simulated file system: one that holds any of its files. */
export const isSimDirectory = (device: SimDevice, path: string): boolean => {
  const files = [
    ...FIXED_FILES,
    ...Object.keys(device.configStore()).map((name) => `${CONFIG_DIR}/${name}`),
    ...Object.keys(device.files ?? {}),
  ];
  return path === '/' || files.some((file) => file.startsWith(`${path}/`));
};
