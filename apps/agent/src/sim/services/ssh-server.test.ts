import type ssh2 from 'ssh2';
import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../sim-device.ts';
import { createSimServices } from './sim-services.ts';
import { generateEd25519KeyPair } from './ssh-keys.ts';
import { connectSsh, exec, waitFor } from './test-helpers.ts';

const authorized = generateEd25519KeyPair();
const stranger = generateEd25519KeyPair();
const services = createSimServices({ authorizedKeys: [authorized.public] });
const device = new SimDevice(1, 11);
afterAll(() => services.close());

describe('simulated SSH server', () => {
  it('runs a command with exec and reports its status', async () => {
    const client = await connectSsh(services, device, { password: 'admin01' });
    const uname = await exec(client, 'uname -a');
    expect(uname.code).toBe(0);
    expect(uname.stdout).toContain(device.model);
    const missing = await exec(client, 'reboot-now');
    expect(missing.code).toBe(127);
    expect(missing.stderr).toContain('not found');
    client.end();
  });

  it('gives a shell with a prompt, line editing and the terminal size', async () => {
    const client = await connectSsh(services, device, { password: 'admin01' });
    const shell = await new Promise<ssh2.ClientChannel>((resolve, reject) =>
      client.shell({ cols: 100, rows: 30, term: 'xterm' }, (error, channel) =>
        error ? reject(error) : resolve(channel),
      ),
    );
    await waitFor(shell, `root@${device.model}:~# `);

    let answer = waitFor(shell, /30 100\r\n/);
    shell.write('stty size\r');
    await answer;

    shell.setWindow(40, 120, 0, 0);
    answer = waitFor(shell, /40 120\r\n/);
    shell.write('stty size\r');
    await answer;

    // "hostnamx", erase one character, fix it: the shell runs what the line finally says.
    answer = waitFor(shell, new RegExp(`\\r\\n${device.model}\\r\\n`));
    shell.write('hostnamx\x7fe\r');
    await answer;

    answer = waitFor(shell, `root@${device.model}:/tmp# `);
    shell.write('cd /tmp\r');
    await answer;

    const closed = new Promise<void>((resolve) => shell.on('close', () => resolve()));
    shell.write('exit\r');
    await closed;
    client.end();
  });

  it('fails authentication with a wrong password', async () => {
    await expect(connectSsh(services, device, { password: 'admin' })).rejects.toThrow(
      /authentication methods failed/,
    );
  });

  it('accepts an authorized key and refuses any other', async () => {
    const client = await connectSsh(services, device, { privateKey: authorized.private });
    expect((await exec(client, 'echo "key works"')).stdout).toBe('key works\n');
    client.end();
    await expect(connectSsh(services, device, { privateKey: stranger.private })).rejects.toThrow(
      /authentication methods failed/,
    );
  });
});
