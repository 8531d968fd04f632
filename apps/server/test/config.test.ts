import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig, REPO_ROOT } from '@/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      mqttUrl: undefined,
      mqttPort: 1884,
      telemetryRetentionDays: 30,
      reportRetentionDays: 365,
      redisUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      adminEmail: undefined,
      adminPassword: undefined,
      smtpUrl: undefined,
      trustProxy: false,
      webhookAllowPrivateNetworks: false,
      smtpAllowPrivateNetworks: false,
      mapTileUrl: undefined,
      mapTileAttribution: undefined,
      brand: 'default',
      proxyDomain: 'localhost',
      tunnelUrl: 'ws://127.0.0.1:8080',
      tunnelIdleSeconds: 300,
      vpnHubPortMin: 1194,
      vpnHubPortMax: 1294,
      vpnHubHost: '127.0.0.1',
      vpnHubs: true,
      openvpnPath: undefined,
      vpnHubNetns: undefined,
      instanceUrl: 'http://127.0.0.1:8080',
      heapGrowingPercent: 40,
      webDist: join(REPO_ROOT, 'apps/web/dist'),
      logLevel: 'info',
    });
  });

  it('resolves relative paths from the repository root and keeps absolute ones', () => {
    expect(loadConfig({ DATA_DIR: 'var/nf' }).dataDir).toBe(join(REPO_ROOT, 'var/nf'));
    expect(loadConfig({ DATA_DIR: '/srv/nf' }).dataDir).toBe('/srv/nf');
  });

  it('takes the VPN hub host from PUBLIC_URL and refuses an upside-down port range', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rms.example.com' }).vpnHubHost).toBe(
      'rms.example.com',
    );
    expect(loadConfig({ VPN_HUB_HOST: 'vpn.example.com' }).vpnHubHost).toBe('vpn.example.com');
    expect(() => loadConfig({ VPN_HUB_PORT_MIN: '2000', VPN_HUB_PORT_MAX: '1999' })).toThrow(
      /VPN_HUB_PORT_MIN/,
    );
  });

  it('derives the tunnel URL from PUBLIC_URL and checks the proxy domain', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rms.example.com' }).tunnelUrl).toBe(
      'wss://rms.example.com',
    );
    expect(loadConfig({ PROXY_DOMAIN: 'Proxy.Example.com' }).proxyDomain).toBe('proxy.example.com');
    expect(() => loadConfig({ PROXY_DOMAIN: 'not a domain' })).toThrow(/PROXY_DOMAIN/);
  });

  it('takes a METRICS_TOKEN long enough to be a secret', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
    });
  });

  it('derives PUBLIC_URL from HOST and PORT and lower-cases the admin e-mail', () => {
    const config = loadConfig({
      PORT: '18080',
      HOST: '0.0.0.0',
      NETFLEET_ADMIN_EMAIL: 'Ops@Example.com',
    });
    expect(config.publicUrl).toBe('http://localhost:18080');
    expect(config.adminEmail).toBe('ops@example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NETFLEET_ADMIN_EMAIL: 'not-an-email' }, 'NETFLEET_ADMIN_EMAIL'],
    [{ NETFLEET_ADMIN_PASSWORD: 'short' }, 'NETFLEET_ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TELEMETRY_RETENTION_DAYS: '0' }, 'TELEMETRY_RETENTION_DAYS'],
    [{ REPORT_RETENTION_DAYS: '0' }, 'REPORT_RETENTION_DAYS'],
    [{ REPORT_RETENTION_DAYS: 'forever' }, 'REPORT_RETENTION_DAYS'],
    [{ HEAP_GROWING_PERCENT: '-5' }, 'HEAP_GROWING_PERCENT'],
    [{ HEAP_GROWING_PERCENT: 'lots' }, 'HEAP_GROWING_PERCENT'],
    [{ BRAND: '../etc' }, 'BRAND'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: ',' }, 'TRUST_PROXY'],
    [{ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'https://tiles.example/tile.png' }, 'MAP_TILE_URL'],
  ])('names the bad setting in one line: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid setting ${name}=`));
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['TRUE', true],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , fd00::/8,loopback ', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('parses %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('turns a hop count into a trust function for the nearest peers, since fastify ignores numbers', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE_NETWORKS', () => {
  it('is off by default and takes true/false', () => {
    expect(loadConfig({}).webhookAllowPrivateNetworks).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhookAllowPrivateNetworks).toBe(
      true,
    );
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'maybe' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_NETWORKS/,
    );
  });
});
