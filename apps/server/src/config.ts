import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { tileUrlSchema } from '@netfleet/contracts';
import { z } from 'zod';
import { SERVER_ROOT } from './lib/server-root';

/** The repository root: `npm start -w` runs with cwd apps/server, so relative paths are anchored here. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');

const fromRepoRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: protocols }).optional());
const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

/** Which peers may tell us the client's address (X-Forwarded-For): all, none, N hops or these. */
export type TrustProxy = boolean | number | string[];

/** Names @fastify/proxy-addr understands besides addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8` or a range name. */
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const trustProxySetting = z
  .preprocess(emptyToUndefined, z.string().trim().default('false'))
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false' || /^0+$/.test(value)) return false;
    if (/^\d{1,3}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad !== undefined) {
      const which = bad === undefined ? '' : ` (${bad} is none)`;
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or comma-separated proxy IPs/CIDRs${which}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's own hop-count option trusts nobody (it cannot tell a proxy from a direct client), so
 * a hop count N becomes the equivalent trust function: the nearest N peers are proxies.
 */
export const fastifyTrustProxy = (
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;

const envSchema = z.object({
  PORT: port(8080),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  MQTT_URL: optionalUrl(/^(mqtts?|wss?|tcp|tls)$/),
  MQTT_PORT: port(1884),
  TELEMETRY_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3650).default(30),
  ),
  REPORT_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(36500).default(365),
  ),
  REDIS_URL: optionalUrl(/^rediss?$/),
  PUBLIC_URL: optionalUrl(/^https?$/),
  NETFLEET_ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ pattern: z.regexes.html5Email, error: 'must be an e-mail address' }).optional(),
  ),
  NETFLEET_ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SMTP_URL: optionalUrl(/^smtps?$/),
  TRUST_PROXY: trustProxySetting,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.preprocess(
    emptyToUndefined,
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  SMTP_ALLOW_PRIVATE_NETWORKS: z.preprocess(
    emptyToUndefined,
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  MAP_TILE_URL: z.preprocess(emptyToUndefined, tileUrlSchema.optional()),
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().trim().max(500).optional()),
  BRAND: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'must be a brand folder name')
      .default('default'),
  ),
  PROXY_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
        'must be a domain name',
      )
      .default('localhost'),
  ),
  TUNNEL_URL: optionalUrl(/^(https?|wss?)$/),
  INSTANCE_URL: optionalUrl(/^https?$/),
  TUNNEL_IDLE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10).max(86_400).default(300),
  ),
  VPN_HUB_PORT_MIN: port(1194),
  VPN_HUB_PORT_MAX: port(1294),
  VPN_HUB_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{1,253}$/, 'must be a host name or IP address')
      .optional(),
  ),
  VPN_HUBS: z.preprocess(
    emptyToUndefined,
    z.stringbool({ error: 'must be true or false' }).default(true),
  ),
  OPENVPN_PATH: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  VPN_HUB_NETNS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a network namespace name')
      .optional(),
  ),
  HEAP_GROWING_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(400).default(40),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().default('apps/web/dist')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** Days of telemetry kept; older daily partitions are dropped. */
  telemetryRetentionDays: number;
  /** Days generated reports (their figures, PDF and CSV) are kept; older ones are deleted daily. */
  reportRetentionDays: number;
  redisUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  /** Behind a load balancer, request.ip (rate limits, logs) is the client's, not the balancer's. */
  trustProxy: TrustProxy;
  /** Lets webhooks target loopback/private addresses (labs, tests); off by default against SSRF. */
  webhookAllowPrivateNetworks: boolean;
  /** Lets companies' SMTP configurations reach loopback and private networks (on-premise relays). */
  smtpAllowPrivateNetworks: boolean;
  /** Raster tiles the device maps draw over their offline base layer, when reachable. */
  mapTileUrl: string | undefined;
  mapTileAttribution: string | undefined;
  brand: string;
  /** Device web UIs open on `<session>.<proxyDomain>`, one origin per session. */
  proxyDomain: string;
  /** Where devices dial their tunnels (ws/wss); PUBLIC_URL's host by default. */
  tunnelUrl: string;
  /** A tunnel with no stream open this long is closed. */
  tunnelIdleSeconds: number;
  /** The ports VPN hubs listen on (each hub one, the first free one when it is made). */
  vpnHubPortMin: number;
  vpnHubPortMax: number;
  /** The host name VPN clients connect to (their profiles' `remote`); PUBLIC_URL's host by default. */
  vpnHubHost: string;
  /**
   * Whether this instance runs the VPN hubs (one instance of several should: each would start
   * every enabled hub on its own host otherwise).
   */
  vpnHubs: boolean;
  /** The openvpn binary; found on PATH when unset. */
  openvpnPath: string | undefined;
  /** Run every hub inside this network namespace (`ip netns exec`); unset: the host's. */
  vpnHubNetns: string | undefined;
  /**
   * Where the other instances reach this one directly (not through the load balancer), to relay
   * streams through the device tunnels it holds; HOST:PORT by default, loopback for 0.0.0.0.
   */
  instanceUrl: string;
  /** How far a heap may grow past its live size, in percent (0: V8's own choice); lib/heap.ts. */
  heapGrowingPercent: number;
  /** The bearer token Prometheus scrapes /metrics with; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {}

/** Parses the environment once; the message names the first bad setting so the fix is obvious. */
export const loadConfig = (env: Record<string, string | undefined>): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}=${env[name] ?? ''}: ${issue?.message ?? ''}`);
  }
  const e = parsed.data;
  if (e.VPN_HUB_PORT_MIN > e.VPN_HUB_PORT_MAX) {
    throw new ConfigError(
      `Invalid setting VPN_HUB_PORT_MIN=${e.VPN_HUB_PORT_MIN}: must not exceed VPN_HUB_PORT_MAX (${e.VPN_HUB_PORT_MAX})`,
    );
  }
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  // Peers need an address, not a wildcard; an IPv6 literal needs brackets in a URL.
  const instanceHost =
    e.HOST === '0.0.0.0'
      ? '127.0.0.1'
      : e.HOST === '::'
        ? '[::1]'
        : e.HOST.includes(':')
          ? `[${e.HOST}]`
          : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRepoRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    reportRetentionDays: e.REPORT_RETENTION_DAYS,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/+$/, ''),
    adminEmail: e.NETFLEET_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.NETFLEET_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    trustProxy: e.TRUST_PROXY,
    webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    smtpAllowPrivateNetworks: e.SMTP_ALLOW_PRIVATE_NETWORKS,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    brand: e.BRAND,
    proxyDomain: e.PROXY_DOMAIN,
    tunnelUrl: (
      e.TUNNEL_URL ?? (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/^http/, 'ws')
    ).replace(/\/+$/, ''),
    tunnelIdleSeconds: e.TUNNEL_IDLE_SECONDS,
    vpnHubPortMin: e.VPN_HUB_PORT_MIN,
    vpnHubPortMax: e.VPN_HUB_PORT_MAX,
    vpnHubHost: e.VPN_HUB_HOST ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : publicHost),
    vpnHubs: e.VPN_HUBS,
    openvpnPath: e.OPENVPN_PATH,
    vpnHubNetns: e.VPN_HUB_NETNS,
    instanceUrl: (e.INSTANCE_URL ?? `http://${instanceHost}:${e.PORT}`).replace(/\/+$/, ''),
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    metricsToken: e.METRICS_TOKEN,
    webDist: fromRepoRoot(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
  };
};
