import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findOpenvpn } from './openvpn-profile.ts';
import { queryManagement } from './openvpn-management.ts';
import { VpnClients } from './vpn-clients.ts';

// The real openvpn program, started as a hub client against a hub that is not there: it runs,
// answers on its management socket and keeps trying to connect, until vpn_leave stops it.

const SEARCH_PATH = `${process.env.PATH ?? ''}:/usr/sbin:/sbin`;
const openvpn = await findOpenvpn(undefined, SEARCH_PATH);
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();
const runnable =
  openvpn !== null && process.getuid?.() === 0 && existsSync('/dev/net/tun') && hasOpenssl;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-openvpn-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A profile like a hub's (client-profile.ts), with a throwaway self-signed certificate. */
const profile = () => {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=nf-test',
      '-days',
      '1',
    ],
    { stdio: 'ignore' },
  );
  const pem = (path: string) => readFileSync(path, 'utf8').trim();
  const staticKey = randomBytes(256).toString('hex').match(/.{32}/g)?.join('\n') ?? '';
  return [
    'client',
    'dev tun',
    'proto udp',
    // Nothing listens there: the client stays `connecting`.
    'remote 127.0.0.1 9',
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    'remote-cert-tls server',
    'verb 3',
    '<ca>',
    pem(cert),
    '</ca>',
    '<cert>',
    pem(cert),
    '</cert>',
    '<key>',
    pem(key),
    '</key>',
    '<tls-crypt>',
    '-----BEGIN OpenVPN Static key V1-----',
    staticKey,
    '-----END OpenVPN Static key V1-----',
    '</tls-crypt>',
    '',
  ].join('\n');
};

describe.skipIf(!runnable)('a real OpenVPN hub client', () => {
  it('starts, reports connecting, and stops on vpn_leave', async () => {
    const vpn = await VpnClients.load({
      dir: join(dir, 'state'),
      searchPath: SEARCH_PATH,
      onChange: () => undefined,
      log: () => undefined,
    });
    const expires_at = Date.now() + 60_000;
    const args = {
      hub_id: 41,
      common_name: 'nf-test',
      profile: profile(),
      forward: { lan: false, wan: false },
      lans: [],
    };
    try {
      expect(await vpn.join({ id: 1, type: 'vpn_join', args, expires_at })).toMatchObject({
        status: 'completed',
      });
      expect((await vpn.reading())?.openvpn).toEqual([
        expect.objectContaining({ hub_id: 41, name: 'nf_hub_41', status: 'connecting', ip: null }),
      ]);
      const socket = join(dir, 'state', 'nf_hub_41.sock');
      expect(existsSync(socket)).toBe(true);

      expect(
        await vpn.leave({ id: 2, type: 'vpn_leave', args: { hub_id: 41 }, expires_at }),
      ).toMatchObject({ status: 'completed' });
      expect(existsSync(socket)).toBe(false);
      await expect(queryManagement(socket, ['state'])).rejects.toThrow();
    } finally {
      await vpn.stopAll();
    }
  }, 10_000);
});
