import type { SimDevice } from '../sim-device.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every device string goes through this before it reaches HTML. */
export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

export const LOGIN_PATH = '/cgi-bin/luci';
export const OVERVIEW_PATH = '/cgi-bin/luci/admin/status/overview';
export const INTERFACES_PATH = '/cgi-bin/luci/admin/network/interfaces';
export const LOGOUT_PATH = '/cgi-bin/luci/admin/logout';
export const RPC_STATUS_PATH = '/cgi-bin/luci/rpc/status';

/** `3d 4h 5m 6s`, as LuCI's overview shows uptime. */
export const formatUptime = (seconds: number): string => {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  return `${days}d ${hours}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`;
};

/** The device's local time, as LuCI shows it. */
export const localTime = (device: SimDevice): string =>
  new Date(device.now()).toISOString().replace('T', ' ').slice(0, 19);

const NAV: [string, string][] = [
  [OVERVIEW_PATH, 'Status'],
  [INTERFACES_PATH, 'Network'],
  [LOGOUT_PATH, 'Logout'],
];

const layout = (device: SimDevice, active: string | null, body: string): string => {
  const nav = active
    ? `<nav>${NAV.map(
        ([href, label]) =>
          `<a href="${href}"${href === active ? ' class="active"' : ''}>${label}</a>`,
      ).join('')}</nav>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(device.model)} - Status</title>
<link rel="stylesheet" href="/luci-static/netfleet-sim.css">
<script src="/luci-static/app.js" defer></script>
</head>
<body>
<div data-testid="sim-webui">
<header><span class="brand">${escapeHtml(device.model)}</span>${nav}</header>
<main>
${body}
</main>
<footer>Powered by LuCI · simulated by netfleet</footer>
</div>
</body>
</html>
`;
};

const table = (rows: [string, string | number][]): string =>
  `<table>${rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;

export const loginPage = (device: SimDevice, error?: string): string =>
  layout(
    device,
    null,
    `<form class="login" method="post" action="${LOGIN_PATH}">
<h2>Authorization required</h2>
<p>Please enter your username and password.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="luci_username">Username</label>
<input id="luci_username" name="luci_username" autocomplete="username" value="admin">
<label for="luci_password">Password</label>
<input id="luci_password" name="luci_password" type="password" autocomplete="current-password">
<button type="submit">Login</button>
</form>`,
  );

export const overviewPage = (device: SimDevice): string =>
  layout(
    device,
    OVERVIEW_PATH,
    `<section>
<h2>System</h2>
${table([
  ['Model', device.model],
  ['Serial number', device.serial],
  ['Firmware version', device.firmware],
  [device.imei ? 'IMEI' : 'MAC address', device.imei ?? device.mac ?? ''],
  ['Local time', localTime(device)],
  ['Uptime', formatUptime(device.uptime())],
])}
</section>
<section>
<h2>Live</h2>
<p id="live-status" data-testid="sim-webui-rpc" data-state="loading">Loading…</p>
</section>`,
  );

export const interfacesPage = (device: SimDevice): string => {
  const wan = device.hardware.mobile ? 'mob1s1a1 (qmimux0)' : 'wan (eth1)';
  return layout(
    device,
    INTERFACES_PATH,
    `<section>
<h2>Interfaces</h2>
<table>
<tr><th>Interface</th><td>Address · traffic</td></tr>
<tr><th>lan (br-lan)</th><td>192.168.1.1/24 · ${escapeHtml(device.lanRx)} B in / ${escapeHtml(device.lanTx)} B out</td></tr>
<tr><th>${escapeHtml(wan)}</th><td>10.64.64.1/32 · ${escapeHtml(device.wanRx)} B in / ${escapeHtml(device.wanTx)} B out</td></tr>
<tr><th>loopback (lo)</th><td>127.0.0.1/8</td></tr>
</table>
</section>
<section>
<h2>LAN hosts</h2>
<p>camera · 192.168.1.10 · <a href="http://192.168.1.10/">http://192.168.1.10/</a></p>
</section>`,
  );
};

export const notFoundPage = (device: SimDevice): string =>
  layout(device, null, '<section><h2>Not found</h2><p>No page here.</p></section>');
