// The VPN tunnel tier runs Debian's OpenVPN (hubs and clients) in network namespaces, with iproute2
// for the namespaces and iputils' ping for the packets; a fresh CI machine may lack them.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { name: 'openvpn', files: ['/usr/sbin/openvpn'] },
  { name: 'iproute2', files: ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'] },
  { name: 'iputils-ping', files: ['/usr/bin/ping', '/bin/ping'] },
];

/** Installs the Debian packages whose files are all missing, in one apt run. */
export const ensureOpenvpn = () => {
  const missing = PACKAGES.filter(({ files }) => !files.some((file) => existsSync(file))).map(
    ({ name }) => name,
  );
  if (missing.length === 0) return;
  console.log(`Not found: installing Debian packages ${missing.join(', ')}`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    { stdio: 'inherit' },
  );
};
