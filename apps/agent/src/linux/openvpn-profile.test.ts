import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enableIpForwarding,
  findOpenvpn,
  OPENVPN_PROFILE_MESSAGES,
  openvpnWords,
  profileProblem,
} from './openvpn-profile.ts';

/**
 * A profile exactly as renderClientProfile (apps/server src/modules/remote/vpn/runtime/
 * openvpn-config.ts) writes it for a UDP hub, PEM shortened. The agent does not depend on the
 * server package, so it is pasted: keep it in step with the renderer.
 */
const PROFILE = [
  '# netfleet VPN hub Office hub',
  'client',
  'dev tun',
  'proto udp',
  'remote vpn.example.com 1194',
  'resolv-retry infinite',
  'nobind',
  'persist-key',
  'persist-tun',
  'remote-cert-tls server',
  'explicit-exit-notify',
  'verb 3',
  '<ca>',
  '-----BEGIN CERTIFICATE-----',
  'up and down are only words in here',
  '-----END CERTIFICATE-----',
  '</ca>',
  '<cert>',
  '-----BEGIN CERTIFICATE-----',
  'MIIBdTCCARugAwIBAgIUc2hvcnRlbmVk',
  '-----END CERTIFICATE-----',
  '</cert>',
  '<key>',
  '-----BEGIN PRIVATE KEY-----',
  'plugin /tmp/x.so',
  '-----END PRIVATE KEY-----',
  '</key>',
  '<tls-crypt>',
  '-----BEGIN OpenVPN Static key V1-----',
  'status 1',
  '-----END OpenVPN Static key V1-----',
  '</tls-crypt>',
  '',
].join('\n');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-ovpn-profile-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const { forbidden } = OPENVPN_PROFILE_MESSAGES;
const withLine = (line: string) => PROFILE.replace('verb 3', `verb 3\n${line}`);

describe('openvpnWords', () => {
  it('reads a line as OpenVPN parse_line does', () => {
    expect(openvpnWords('remote vpn.example.com 1194\n')).toEqual([
      'remote',
      'vpn.example.com',
      '1194',
    ]);
    expect(openvpnWords('"up" /bin/sh\n')).toEqual(['up', '/bin/sh']);
    expect(openvpnWords("'plugin' /tmp/x.so")).toEqual(['plugin', '/tmp/x.so']);
    expect(openvpnWords('\\plugin /tmp/x.so')).toEqual(['plugin', '/tmp/x.so']);
    expect(openvpnWords('u\\p x')).toEqual(['up', 'x']);
    expect(openvpnWords('"a b\\" c" \'d\\\' e')).toEqual(['a b" c', 'd\\', 'e']);
    expect(openvpnWords('a\\ b c')).toEqual(['a b', 'c']);
    expect(openvpnWords('  # up x')).toEqual([]);
    expect(openvpnWords('\\#up x')).toEqual([]);
    expect(openvpnWords('verb 3 ; up x')).toEqual(['verb', '3']);
    expect(openvpnWords('"up x')).toBeNull();
    expect(openvpnWords("'up x")).toBeNull();
    expect(openvpnWords('up\\')).toBeNull();
  });
});

describe('profileProblem', () => {
  it('lets the hub profile through, inline files being data', () => {
    expect(profileProblem(PROFILE)).toBeNull();
    expect(profileProblem(PROFILE.replaceAll('\n', '\r\n'))).toBeNull();
    expect(profileProblem(`\uFEFF${PROFILE}`)).toBeNull();
    // The TCP variant has no explicit-exit-notify.
    expect(
      profileProblem(
        PROFILE.replace('proto udp', 'proto tcp').replace('explicit-exit-notify\n', ''),
      ),
    ).toBeNull();
    expect(profileProblem(withLine('<tls-auth>\nkey\n</tls-auth>\nkey-direction 1'))).toBeNull();
    expect(profileProblem(withLine('  --mute 20'))).toBeNull();
  });

  it('names what would run programs, load code, write files or take the socket', () => {
    expect(profileProblem(withLine('up /tmp/x.sh'))).toBe(forbidden('up'));
    expect(profileProblem(withLine('  --script-security 2'))).toBe(forbidden('script-security'));
    expect(profileProblem(withLine('plugin /tmp/evil.so'))).toBe(forbidden('plugin'));
    expect(profileProblem(withLine('management-hold'))).toBe(forbidden('management-hold'));
    expect(profileProblem(withLine('daemon'))).toBe(forbidden('daemon'));
    expect(profileProblem(withLine('# up /tmp/x.sh'))).toBeNull();
    expect(profileProblem(withLine('; up /tmp/x.sh'))).toBeNull();
  });

  it('sees through quotes, escapes and -- as OpenVPN does', () => {
    expect(profileProblem(withLine('"up" /bin/sh'))).toBe(forbidden('up'));
    expect(profileProblem(withLine("'plugin' /tmp/x.so"))).toBe(forbidden('plugin'));
    expect(profileProblem(withLine('\\plugin /tmp/x.so'))).toBe(forbidden('plugin'));
    expect(profileProblem(withLine('  "--up" /bin/sh'))).toBe(forbidden('up'));
    expect(profileProblem(withLine('\tu\\p /bin/sh'))).toBe(forbidden('up'));
    expect(profileProblem(withLine('"up /bin/sh'))).toBe(OPENVPN_PROFILE_MESSAGES.unreadable(13));
  });

  it('refuses every directive it does not know, not only the ones that run programs', () => {
    expect(profileProblem(withLine('replay-persist /etc/cron.d/x'))).toBe(
      forbidden('replay-persist'),
    );
    expect(profileProblem(withLine('auth-user-pass /etc/shadow'))).toBe(
      forbidden('auth-user-pass'),
    );
    expect(profileProblem(withLine('ca /etc/shadow'))).toBe(forbidden('ca'));
    expect(profileProblem(withLine('Client'))).toBe(forbidden('Client'));
  });

  it('allows only key and certificate blocks, closed', () => {
    expect(profileProblem(withLine('<connection>\nremote a 1\nup /x\n</connection>'))).toBe(
      forbidden('<connection>'),
    );
    expect(profileProblem(withLine('<up>\n/bin/sh\n</up>'))).toBe(forbidden('<up>'));
    expect(profileProblem(withLine('"<up>"\n/bin/sh\n</up>'))).toBe(forbidden('<up>'));
    expect(profileProblem(withLine('</ca>'))).toBe(forbidden('</ca>'));
    expect(profileProblem(withLine('<ca> x'))).toBe(forbidden('<ca>'));
    // The block ends where OpenVPN ends it: at a line starting with the closing tag.
    expect(profileProblem(withLine('<ca>\n  </ca> trailing\nup /x\n</ca>'))).toBe(forbidden('up'));
    expect(profileProblem(`${PROFILE}<ca>\n-----BEGIN CERTIFICATE-----\n`)).toBe(
      OPENVPN_PROFILE_MESSAGES.unclosed('ca'),
    );
  });

  it('refuses lines OpenVPN would cut, and NUL', () => {
    // fgets reads 255 bytes: the rest of a longer line is a line of its own.
    const long = `# ${'x'.repeat(251)}up /bin/sh`;
    expect(profileProblem(withLine(long))).toBe(OPENVPN_PROFILE_MESSAGES.tooLong(13));
    expect(profileProblem(withLine(`# ${'é'.repeat(127)}`))).toBe(
      OPENVPN_PROFILE_MESSAGES.tooLong(13),
    );
    expect(profileProblem(withLine(`# ${'x'.repeat(252)}`))).toBeNull();
    expect(profileProblem(withLine('verb 3\0up /x'))).toBe(OPENVPN_PROFILE_MESSAGES.nul);
  });
});

describe('findOpenvpn', () => {
  it('takes AGENT_OPENVPN_PATH when it is a program, else looks on PATH', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const program = join(bin, 'openvpn');
    writeFileSync(program, '#!/bin/sh\n');
    expect(await findOpenvpn(program, '')).toBeNull();
    chmodSync(program, 0o755);
    expect(await findOpenvpn(program, '')).toBe(program);
    expect(await findOpenvpn(undefined, `${join(dir, 'none')}:${bin}`)).toBe(program);
    expect(await findOpenvpn(join(dir, 'none', 'openvpn'), bin)).toBeNull();
  });
});

describe('enableIpForwarding', () => {
  it('writes 1 unless it is on already', async () => {
    const path = join(dir, 'ip_forward');
    writeFileSync(path, '0\n');
    await enableIpForwarding(path);
    expect(readFileSync(path, 'utf8')).toBe('1\n');
    writeFileSync(path, '1');
    await enableIpForwarding(path);
    expect(readFileSync(path, 'utf8')).toBe('1');
  });
});
