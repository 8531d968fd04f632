import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

// What netfleet-agent checks before it runs a hub's OpenVPN profile as root, and where the
// pieces an OpenVPN client needs come from on a Linux box.

/**
 * Directives a hub's profile never needs that would run programs or load code as root, write
 * files, fork away from the agent's supervision or take over its management socket. A profile
 * the server rendered has none (client-profile.ts); one that has is refused, whatever the sender.
 */
const FORBIDDEN_DIRECTIVES = new Set([
  'auth-user-pass-verify',
  'cd',
  'chroot',
  'client-connect',
  'client-disconnect',
  'config',
  'daemon',
  'down',
  'iproute',
  'ipchange',
  'learn-address',
  'log',
  'log-append',
  'plugin',
  'route-pre-down',
  'route-up',
  'script-security',
  'status',
  'tls-verify',
  'up',
  'writepid',
]);

/**
 * The first directive of `profile` that netfleet-agent does not run, or null. Inline files
 * (`<ca>…</ca>`) are data, but a `<connection>` block holds directives too.
 */
export const forbiddenDirective = (profile: string): string | null => {
  let inline: string | null = null;
  for (const raw of profile.split('\n')) {
    const line = raw.trim();
    if (inline !== null) {
      if (line === `</${inline}>`) inline = null;
      continue;
    }
    const tag = /^<([a-z0-9-]+)>$/i.exec(line);
    if (tag?.[1] && tag[1] !== 'connection') {
      inline = tag[1];
      continue;
    }
    if (line === '' || line.startsWith('#') || line.startsWith(';') || line.startsWith('<')) {
      continue;
    }
    // OpenVPN reads `--up` in a file as `up`.
    const name = (line.split(/\s+/)[0] ?? '').replace(/^--/, '').toLowerCase();
    if (FORBIDDEN_DIRECTIVES.has(name) || name.startsWith('management')) return name;
  }
  return null;
};

const executable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/**
 * The openvpn program: `configured` (AGENT_OPENVPN_PATH) when given, else the first in the
 * directories of `searchPath` (a PATH). Null when there is none.
 */
export const findOpenvpn = async (
  configured: string | undefined,
  searchPath: string,
): Promise<string | null> => {
  if (configured) return (await executable(configured)) ? configured : null;
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'openvpn');
    if (await executable(candidate)) return candidate;
  }
  return null;
};

/**
 * Turns IPv4 forwarding on (`net.ipv4.ip_forward=1`) unless it is already. It is never turned
 * back off: other services of the box may rely on it.
 */
export const enableIpForwarding = async (path: string): Promise<void> => {
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current?.trim() === '1') return;
  await writeFile(path, '1\n');
};
