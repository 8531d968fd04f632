import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enableIpForwarding, findOpenvpn, forbiddenDirective } from './openvpn-profile.ts';

/** A profile as the hub renders it (apps/server client-profile.ts), keys shortened. */
const PROFILE = [
  '# netfleet VPN hub 3',
  'client',
  'dev tun',
  'proto udp',
  'remote vpn.example.com 1194',
  'resolv-retry infinite',
  'nobind',
  'persist-key',
  'persist-tun',
  'remote-cert-tls server',
  'verb 3',
  '<ca>',
  '-----BEGIN CERTIFICATE-----',
  'up and down are only words in here',
  '-----END CERTIFICATE-----',
  '</ca>',
  '<tls-crypt>',
  'status 1',
  '</tls-crypt>',
  '',
].join('\n');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-ovpn-profile-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('forbiddenDirective', () => {
  it('lets a hub profile through, inline files being data', () => {
    expect(forbiddenDirective(PROFILE)).toBeNull();
  });

  it('names what would run programs, load code, write files or take the socket', () => {
    const withLine = (line: string) => PROFILE.replace('verb 3', `verb 3\n${line}`);
    expect(forbiddenDirective(withLine('up /tmp/x.sh'))).toBe('up');
    expect(forbiddenDirective(withLine('  --script-security 2'))).toBe('script-security');
    expect(forbiddenDirective(withLine('plugin /tmp/evil.so'))).toBe('plugin');
    expect(forbiddenDirective(withLine('management-hold'))).toBe('management-hold');
    expect(forbiddenDirective(withLine('daemon'))).toBe('daemon');
    expect(forbiddenDirective(withLine('<connection>\nremote a 1\nup /x\n</connection>'))).toBe(
      'up',
    );
    expect(forbiddenDirective(withLine('# up /tmp/x.sh'))).toBeNull();
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
