import { describe, expect, it } from 'vitest';
import { SimDevice } from '../sim-device.ts';
import { createDeviceFs } from './device-fs.ts';
import { runShellCommand, type ShellContext } from './shell-commands.ts';

const device = new SimDevice(8, 11);
const context = (): ShellContext => ({ device, fs: createDeviceFs(device), cwd: '/root' });

describe('simulated shell commands', () => {
  it('runs built-ins over the device filesystem', () => {
    const ctx = context();
    expect(runShellCommand(ctx, 'echo "a  b" c').output).toBe('a  b c\n');
    expect(runShellCommand(ctx, 'ls').output).toBe('README.txt\n');
    expect(runShellCommand(ctx, 'ls -l /etc').output).toMatch(
      /^drwxr-xr-x +2 root +root +4096 \w{3} [ \d]\d \d\d:\d\d config\n$/,
    );
    expect(runShellCommand(ctx, 'cat /etc/config/network').output).toContain(
      "option ipaddr '192.168.1.1'",
    );
    expect(runShellCommand(ctx, 'cd /nowhere')).toMatchObject({ status: 2 });
    runShellCommand(ctx, 'cd /tmp');
    expect(runShellCommand(ctx, 'pwd').output).toBe('/tmp\n');
    expect(runShellCommand(ctx, 'cat missing')).toMatchObject({
      status: 1,
      output: "cat: can't open 'missing': No such file or directory\n",
    });
    expect(runShellCommand(ctx, 'stty size')).toMatchObject({ status: 1 });
    expect(runShellCommand({ ...ctx, size: { cols: 90, rows: 20 } }, 'stty size').output).toBe(
      '20 90\n',
    );
    expect(runShellCommand(ctx, 'exit 3')).toMatchObject({ status: 3, exit: true });
    // `;` runs commands in turn; the last status counts, `exit` stops the list.
    expect(runShellCommand(ctx, "hostname; echo 'x;y' ; cat nope")).toEqual({
      output: `${device.model}\nx;y\ncat: can't open 'nope': No such file or directory\n`,
      status: 1,
    });
    expect(runShellCommand(ctx, 'exit 2; echo never')).toEqual({
      output: '',
      status: 2,
      exit: true,
    });
  });

  it('answers the canned commands and nothing else', () => {
    const ctx = context();
    expect(runShellCommand(ctx, 'uptime').output).toMatch(/load average/);
    expect(runShellCommand(ctx, 'ping -c 2 example.com').output).toContain('2 packets transmitted');
    expect(runShellCommand(ctx, 'ping')).toMatchObject({ status: 1 });
    expect(runShellCommand(ctx, 'constructor')).toMatchObject({ status: 127 });
    expect(runShellCommand(ctx, 'help').output).toContain('uname -a');
  });
});
