import { describe, expect, it } from 'vitest';
import { resolveCommand } from './allow-list.ts';
import { truncateOutput, MAX_RESULT_CHARS } from './linux-commands.ts';

describe('command allow-list', () => {
  it('accepts the listed commands with their exact arguments', () => {
    expect(resolveCommand('uptime')).toEqual({ file: 'uptime', args: [] });
    expect(resolveCommand('  ip   route ')).toEqual({ file: 'ip', args: ['route'] });
    expect(resolveCommand('df -h')).toEqual({ file: 'df', args: ['-h'] });
    expect(resolveCommand('dmesg')).toEqual({ file: 'dmesg', args: [], tailLines: 100 });
  });

  it('builds ping arguments from a validated count and host', () => {
    expect(resolveCommand('ping 8.8.8.8')).toEqual({
      file: 'ping',
      args: ['-c', '4', '-W', '2', '8.8.8.8'],
    });
    expect(resolveCommand('ping -c 10 example.com')).toEqual({
      file: 'ping',
      args: ['-c', '10', '-W', '2', 'example.com'],
    });
    expect(resolveCommand('ping ::1')).toMatchObject({ file: 'ping' });
  });

  it.each([
    '',
    'rm -rf /',
    'sh -c id',
    'uptime; reboot',
    'uptime && id',
    'ip route add default via 1.2.3.4',
    'df -h /etc',
    'ping -c 11 example.com',
    'ping -c 0 example.com',
    'ping -f example.com',
    'ping -c 1',
    'ping example.com example.org',
    'ping $(id)',
    'ping -oProxyCommand=x',
    'ping exa_mple.com',
    'dmesg -C',
    'logread -f',
  ])('refuses %j', (line) => {
    expect(resolveCommand(line)).toHaveProperty('error');
  });

  it('truncates long output to the ack limit, keeping the end', () => {
    const long = `${'x'.repeat(MAX_RESULT_CHARS * 2)}END`;
    const out = truncateOutput(long);
    expect(out.length).toBeLessThanOrEqual(16 * 1024);
    expect(out.endsWith('END')).toBe(true);
    expect(truncateOutput('a\nb\nc\nd', 2)).toBe('c\nd');
  });
});
