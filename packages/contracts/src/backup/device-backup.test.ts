import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceConfig } from '../device-config.ts';
import { backupEntriesOf, compareBackups, readBackup } from './device-backup.ts';
import { readTar, writeTar } from './tar.ts';
import { parseUciText, toUciText } from './uci-text.ts';

const config: DeviceConfig = {
  network: {
    lan: {
      '.type': 'interface',
      proto: 'static',
      ipaddr: '192.168.1.1',
      dns: ['1.1.1.1', '8.8.8.8'],
    },
  },
  system: { system: { '.type': 'system', hostname: "o'hara" } },
};

describe('UCI text', () => {
  it('writes and reads back sections, options, lists and quotes', () => {
    const text = toUciText(config.network ?? {});
    expect(text).toBe(
      "config interface 'lan'\n\toption proto 'static'\n\toption ipaddr '192.168.1.1'\n\tlist dns '1.1.1.1'\n\tlist dns '8.8.8.8'\n",
    );
    expect(parseUciText(toUciText(config.system ?? {}))).toEqual(config.system);
  });

  it('reads what OpenWrt writes: anonymous sections, double quotes, bare words, comments', () => {
    const text = `# firewall\nconfig defaults\n\toption input ACCEPT\n\nconfig rule\n\toption name "Allow-Ping"\n\toption target 'ACCEPT' # ok\n\nconfig rule\n\toption name 'Two'\n`;
    expect(parseUciText(text)).toEqual({
      cfg_defaults_0: { '.type': 'defaults', input: 'ACCEPT' },
      cfg_rule_0: { '.type': 'rule', name: 'Allow-Ping', target: 'ACCEPT' },
      cfg_rule_1: { '.type': 'rule', name: 'Two' },
    });
    expect(parseUciText('option before_any_section x\n')).toBeNull();
    expect(parseUciText("config rule 'a'\n\tfrobnicate x y\n")).toBeNull();
  });
});

describe('tar', () => {
  it('writes archives that tar(1) reads, and reads archives tar(1) writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-tar-'));
    const long = `${'d'.repeat(60)}/${'e'.repeat(60)}/file.txt`;
    const archive = writeTar([
      { path: 'etc' },
      { path: 'etc/config/network', data: new TextEncoder().encode('hello\n') },
      { path: long, data: new Uint8Array(1000).fill(65) },
    ]);
    writeFileSync(join(dir, 'ours.tar'), archive);
    const listed = execFileSync('tar', ['-tf', join(dir, 'ours.tar')], { encoding: 'utf8' });
    expect(listed.trim().split('\n')).toEqual(['etc/', 'etc/config/network', long]);

    mkdirSync(join(dir, 'src/etc/config'), { recursive: true });
    writeFileSync(join(dir, 'src/etc/config/system'), "config system\n\toption hostname 'x'\n");
    execFileSync('tar', ['-cf', join(dir, 'theirs.tar'), '-C', join(dir, 'src'), 'etc']);
    const entries = readTar(readFileSync(join(dir, 'theirs.tar')));
    expect(entries.map((entry) => entry.path)).toEqual(['etc', 'etc/config', 'etc/config/system']);
    expect(new TextDecoder().decode(entries[2]?.data)).toContain('hostname');
  });

  it('refuses a header whose size would step back (a negative size with a valid checksum)', () => {
    const archive = writeTar([{ path: 'a', data: new Uint8Array(10) }]);
    archive.set(new TextEncoder().encode('-0001000\0\0\0\0'), 124);
    archive.fill(0x20, 148, 156);
    const sum = archive.subarray(0, 512).reduce((total, byte) => total + byte, 0);
    archive.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    expect(() => readTar(archive)).toThrow(/bad numeric field/);
  });

  it('refuses a damaged archive', () => {
    const archive = writeTar([{ path: 'a', data: new Uint8Array(10) }]);
    archive[0] = 0x7a;
    expect(() => readTar(archive)).toThrow(/checksum/);
    expect(() =>
      readTar(writeTar([{ path: 'a', data: new Uint8Array(600) }]).slice(0, 700)),
    ).toThrow(/Truncated/);
  });
});

describe('device backups', () => {
  it('round-trips a configuration and compares two backups option by option', () => {
    const a = readBackup(writeTar(backupEntriesOf(config)));
    expect(a.config).toEqual(config);
    const changed = structuredClone(config);
    if (changed.network?.lan) changed.network.lan.ipaddr = '10.0.0.1';
    changed.firewall = { web: { '.type': 'rule', target: 'ACCEPT' } };
    const b = readBackup(writeTar(backupEntriesOf(changed)));
    const comparison = compareBackups(a, b);
    expect(comparison.changes).toEqual([
      { path: '/firewall/web', option: '.type', before: null, after: 'rule' },
      { path: '/firewall/web', option: 'target', before: null, after: 'ACCEPT' },
      { path: '/network/lan', option: 'ipaddr', before: '192.168.1.1', after: '10.0.0.1' },
    ]);
    expect(comparison.files.map((file) => [file.path, file.change])).toEqual([
      ['etc/config/firewall', 'added'],
      ['etc/config/network', 'changed'],
    ]);
  });

  it('refuses what is not a backup', () => {
    expect(() => readBackup(new TextEncoder().encode('x'.repeat(600)))).toThrow('not a backup');
    const bad = writeTar([
      { path: 'etc/config/network', data: new TextEncoder().encode('garbage here\n') },
    ]);
    expect(() => readBackup(bad)).toThrow('etc/config/network is not a UCI configuration file');
  });
});
