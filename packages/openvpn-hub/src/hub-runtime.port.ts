/**
 * What the VPN hub module (hubs, clients, routes, quick connect) needs from the machine that runs
 * the hubs: a PKI per hub and supervised OpenVPN servers. The module keeps the state in the
 * database and hands the runtime a complete `HubSpec` whenever something changes; the runtime
 * only makes the running process match it.
 */

/** A PEM certificate and its PEM (PKCS#8) private key. */
export interface KeyPair {
  cert: string;
  key: string;
}

export interface IssuedCertificate extends KeyPair {
  /** Hex serial, unique per hub's CA; the CRL names it on revocation. */
  serial: string;
  expiresAt: Date;
}

export interface RevokedCertificate {
  serial: string;
  revokedAt: Date;
}

export interface HubPki {
  /** A new CA for one hub. */
  createCa(commonName: string): Promise<IssuedCertificate>;
  /** A certificate signed by the hub's CA: the hub's server certificate or one client's. */
  issue(
    ca: KeyPair,
    commonName: string,
    usage: 'server' | 'client',
    serial: string,
  ): Promise<IssuedCertificate>;
  /** The hub's CRL (PEM, `X509 CRL`) listing every revoked client certificate. */
  crl(ca: KeyPair, revoked: readonly RevokedCertificate[]): Promise<string>;
  /** A static key for `tls-crypt` (OpenVPN's "OpenVPN Static key V1" PEM). */
  tlsCryptKey(): string;
}

export interface Subnet {
  /** Network address, dotted quad: 192.168.10.0. */
  network: string;
  /** Dotted quad: 255.255.255.0. */
  netmask: string;
}

/** One client a hub accepts: a device, a user or a custom (quick connect) user. */
export interface HubClientSpec {
  /** The certificate's CN; OpenVPN matches its client-config-dir file by it. */
  commonName: string;
  /** A fixed tunnel address (ifconfig-push); null takes one from the pool. */
  ip: string | null;
  /** LANs behind this client (iroute): traffic to them goes through this client. */
  lans: readonly Subnet[];
  /** A disabled client's connection is refused (`disable` in its client-config-dir file). */
  enabled: boolean;
}

export interface HubSpec {
  id: number;
  name: string;
  /** tun routes IP; tap bridges Ethernet (clients then get addresses from the DHCP range). */
  type: 'tun' | 'tap';
  protocol: 'udp' | 'tcp';
  port: number;
  /** The hub's tunnel subnet; the server takes its first address. */
  subnet: Subnet;
  ca: KeyPair;
  server: KeyPair;
  crl: string;
  tlsCryptKey: string;
  clients: readonly HubClientSpec[];
  /**
   * Pushed to the clients (the LANs of all clients, and what the hub routes); a client is not
   * given the routes to its own LANs.
   */
  pushRoutes: readonly Subnet[];
  /** DHCP options pushed to clients (spec: vpn hub dhcp, DNS and WINS). */
  dhcpOptions: readonly { type: 'DNS' | 'WINS'; ip: string }[];
}

export type HubProcessState = 'stopped' | 'starting' | 'running' | 'failed';

export interface HubStatus {
  state: HubProcessState;
  /** Why the hub is not running, in words a user can act on. */
  error: string | null;
  startedAt: Date | null;
}

/** A client connected now, from the management interface's `status 3`. */
export interface HubSession {
  commonName: string;
  /** Where the client connects from: 203.0.113.5:51234. */
  realAddress: string;
  /** Its tunnel address, null until one is assigned. */
  virtualAddress: string | null;
  bytesReceived: number;
  bytesSent: number;
  connectedSince: Date;
}

export type HubEvent =
  | { hubId: number; kind: 'connected'; session: HubSession }
  | { hubId: number; kind: 'disconnected'; session: HubSession }
  | { hubId: number; kind: 'state'; status: HubStatus };

/** Why this host cannot run hubs, and what fixes it. */
export type HubHostAvailability =
  { available: true; version: string } | { available: false; reason: string; fix: string };

export interface HubRuntime {
  availability(): Promise<HubHostAvailability>;
  /**
   * Starts the hub or brings it to `spec`. Changing clients, their LANs, the pushed routes or the
   * CRL rewrites files OpenVPN reads on each connection (no restart; the clients concerned
   * reconnect); changing port, protocol, type, subnet, DHCP options or keys restarts this hub
   * only. Other hubs are never touched.
   */
  apply(spec: HubSpec): Promise<HubStatus>;
  stop(hubId: number): Promise<void>;
  /**
   * The hub was deleted: stops it and deletes everything it had on this host (its directory with
   * the keys, the configuration and the management socket).
   */
  remove(hubId: number): Promise<void>;
  status(hubId: number): HubStatus;
  sessions(hubId: number): Promise<HubSession[]>;
  /** Ends a client's session now (after revocation or disabling). */
  disconnect(hubId: number, commonName: string): Promise<void>;
  onEvent(listener: (event: HubEvent) => void): () => void;
  /** Stops every hub (server shutdown). */
  close(): Promise<void>;
}
