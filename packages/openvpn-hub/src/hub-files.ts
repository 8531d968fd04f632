import { assignAddresses, contains } from './hub-addresses';
import type { HubClientSpec, HubSpec, Subnet } from './hub-runtime.port';
import { type HubFilePaths, renderClientConfigDir, renderServerConfig } from './openvpn-config';

/**
 * Everything a hub's directory holds, rendered from its spec. `server` is what OpenVPN reads
 * once at start (a change means a restart); `crl` and `ccd` it reads on every connection.
 */
export interface HubFiles {
  /** File name in the hub directory → content. */
  server: Record<string, string>;
  crl: string;
  /** Common name → client-config-dir file content. */
  ccd: Record<string, string>;
}

/** A LAN behind a client, and the client's tunnel address (the kernel routes it through it). */
export interface LanRoute {
  lan: Subnet;
  via: string;
}

/**
 * Common names become file names and management command arguments: nothing that could leave the
 * ccd folder, hide a file or split a command.
 */
export const COMMON_NAME = /^[A-Za-z0-9_@][A-Za-z0-9_.@-]{0,63}$/;

/**
 * The routes pushed to a client: the hub's, less those to the client's own LANs (a route into the
 * tunnel would take its own LAN away from it).
 */
export const pushedRoutes = (spec: HubSpec, client: HubClientSpec): Subnet[] =>
  spec.pushRoutes.filter((route) => !client.lans.some((lan) => contains(lan, route)));

export const renderHubFiles = (spec: HubSpec, paths: HubFilePaths): HubFiles => {
  const addresses = assignAddresses(spec.subnet, spec.clients);
  const ccd: Record<string, string> = {};
  for (const client of spec.clients) {
    if (!COMMON_NAME.test(client.commonName)) {
      throw new Error(`refusing the common name ${JSON.stringify(client.commonName)}`);
    }
    ccd[client.commonName] = renderClientConfigDir(
      client,
      spec,
      addresses.get(client.commonName) ?? null,
      pushedRoutes(spec, client),
    );
  }
  return {
    server: {
      'server.conf': renderServerConfig(spec, paths),
      'ca.pem': spec.ca.cert,
      'server.pem': spec.server.cert,
      'server.key': spec.server.key,
      'tls-crypt.key': spec.tlsCryptKey,
    },
    crl: spec.crl,
    ccd,
  };
};

/** The kernel routes a hub needs: every LAN behind an enabled client that has an address. */
export const lanRoutes = (spec: HubSpec): LanRoute[] => {
  const addresses = assignAddresses(spec.subnet, spec.clients);
  return spec.clients.flatMap((client) => {
    const via = addresses.get(client.commonName);
    return client.enabled && via ? client.lans.map((lan) => ({ lan, via })) : [];
  });
};

export interface ApplyPlan {
  /** The server-level configuration or keys changed: the hub's process must restart. */
  restart: boolean;
  /**
   * Clients whose file changed or went away: their session ends so that they reconnect under
   * the new file (new address, LANs, pushed routes) or not at all (disabled, removed). OpenVPN
   * 2.6 cannot push to a connected client, so a new route reaches a client only this way.
   */
  disconnect: string[];
}

/**
 * Whether `next` only drops pushed routes from `previous`. Such a client keeps its session: the
 * route it keeps until it reconnects leads into the tunnel, where the hub's table drops what no
 * longer has a route, and a LAN leaving the hub then ends only its owner's session.
 */
const onlyRoutesDropped = (previous: string, next: string) => {
  const before = new Set(previous.split('\n'));
  const after = new Set(next.split('\n'));
  return (
    [...after].every((line) => before.has(line)) &&
    [...before].every((line) => after.has(line) || line.startsWith('push "route '))
  );
};

/** What applying `next` over `previous` (null: nothing on disk yet) takes. */
export const planApply = (previous: HubFiles | null, next: HubFiles): ApplyPlan => {
  if (!previous) return { restart: true, disconnect: [] };
  const restart = Object.entries(next.server).some(
    ([name, content]) => previous.server[name] !== content,
  );
  const disconnect = Object.entries(previous.ccd)
    .filter(([commonName, content]) => {
      const now = next.ccd[commonName];
      return now === undefined || (now !== content && !onlyRoutesDropped(content, now));
    })
    .map(([commonName]) => commonName);
  return { restart, disconnect };
};
