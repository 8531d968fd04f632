// Parsers for the Linux /proc and /sys files the agent reads; pure, so they are tested on samples.

export interface InterfaceCounters {
  name: string;
  rx: number;
  tx: number;
}

/** /proc/net/dev: two header lines, then `name: rx_bytes ... (8 rx fields) tx_bytes ...`. */
export const parseNetDev = (text: string): InterfaceCounters[] =>
  text
    .split('\n')
    .slice(2)
    .map((line) => /^\s*([^:\s]+):\s*(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const fields = (m[2] ?? '').trim().split(/\s+/).map(Number);
      return { name: m[1] ?? '', rx: fields[0] ?? 0, tx: fields[8] ?? 0 };
    })
    .filter((i) => Number.isSafeInteger(i.rx) && Number.isSafeInteger(i.tx));

/** /sys/class/net/<name>/operstate; links without carrier detection (tun, ppp) say `unknown`. */
export const isOperUp = (text: string | null): boolean => {
  const state = text?.trim();
  return state === 'up' || state === 'unknown';
};

/** /proc/uptime: `seconds-since-boot idle-seconds`. */
export const parseUptime = (text: string): number => {
  const seconds = Number(text.trim().split(/\s+/)[0]);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.floor(seconds) : 0;
};

/** /proc/loadavg: the 1, 5 and 15 minute averages. */
export const parseLoadavg = (text: string): [number, number, number] | null => {
  const [a, b, c] = text.trim().split(/\s+/).map(Number);
  return [a, b, c].every((n) => Number.isFinite(n))
    ? [a as number, b as number, c as number]
    : null;
};

/** /proc/meminfo: available memory in bytes (MemAvailable, or MemFree on old kernels). */
export const parseMemAvailable = (text: string): number | null => {
  const read = (key: string) => {
    const match = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  return read('MemAvailable') ?? read('MemFree');
};

/** thermal_zone<n>/temp is millidegrees; RMS reports deci-degrees. The hottest zone counts. */
export const parseThermal = (texts: readonly string[]): number | null => {
  const values = texts
    .map((t) => Number(t.trim()))
    .filter((n) => Number.isFinite(n) && n > -60_000);
  if (values.length === 0) return null;
  const decidegrees = Math.round(Math.max(...values) / 100);
  return Math.min(1500, Math.max(-600, decidegrees));
};

/** /proc/net/route: the interface of the IPv4 default route (destination 00000000, mask 0). */
export const parseDefaultRoute = (text: string): string | null => {
  for (const line of text.split('\n').slice(1)) {
    const [iface, destination, , , , , , mask] = line.trim().split(/\s+/);
    if (iface && destination === '00000000' && mask === '00000000') return iface;
  }
  return null;
};

/** `KEY='value'` lines (/etc/openwrt_release, /etc/os-release). */
export const parseShellVars = (text: string): Record<string, string> => {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(['"]?)(.*)\2\s*$/.exec(line);
    if (match?.[1]) vars[match[1]] = match[3] ?? '';
  }
  return vars;
};

/** How the box reaches the internet, from the default route's interface name. */
export const wanStateOf = (iface: string | null): string => {
  if (!iface) return 'down';
  if (/^(wwan|qmimux|rmnet|usb|ppp|wwp)/.test(iface)) return 'mobile';
  if (/^(wlan|wl|phy)/.test(iface)) return 'wifi';
  return 'wired';
};
