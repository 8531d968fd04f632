import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../sim-device.ts';
import { createSimServices } from './sim-services.ts';
import { open, waitFor } from './test-helpers.ts';

const services = createSimServices({});
const device = new SimDevice(4, 11);
afterAll(() => services.close());

// IAC SB NAWS <cols 120> <rows 40> IAC SE
const NAWS_120_40 = Buffer.from([255, 250, 31, 0, 120, 0, 40, 255, 240]);

describe('simulated telnet server', () => {
  it('negotiates, logs in and runs commands', async () => {
    const stream = open(services, device, '127.0.0.1', 23);
    const greeting = await waitFor(stream, `${device.model} login: `);
    // IAC WILL ECHO, IAC WILL SUPPRESS-GO-AHEAD
    expect(greeting.startsWith('\xff\xfb\x01\xff\xfb\x03')).toBe(true);
    // The client's answers (IAC DO ECHO, IAC DO SGA, IAC WILL NAWS) are swallowed.
    stream.write(Buffer.from([255, 253, 1, 255, 253, 3, 255, 251, 31]));
    stream.write(NAWS_120_40);

    let answer = waitFor(stream, 'Password: ');
    stream.write('root\r\n');
    await answer;
    answer = waitFor(stream, `root@${device.model}:~# `);
    stream.write('admin01\r\0');
    expect(await answer).not.toContain('admin01');

    answer = waitFor(stream, /Linux .*\r\n.*# $/);
    stream.write('uname -a\r\n');
    expect(await answer).toContain(device.model);

    answer = waitFor(stream, '40 120\r\n');
    stream.write('stty size\r\n');
    await answer;

    const ended = new Promise<void>((resolve) => stream.on('end', resolve));
    stream.write('exit\r\n');
    await ended;
  });

  it('says "Login incorrect" and hangs up after three wrong passwords', async () => {
    const stream = open(services, device, '192.168.1.1', 23);
    await waitFor(stream, 'login: ');
    const ended = new Promise<void>((resolve) => stream.on('end', resolve));
    const seen = waitFor(stream, /(Login incorrect[\s\S]*){3}/);
    stream.write('root\r\nwrong\r\nroot\r\nwrong\r\nadmin\r\nadmin01\r\n');
    expect(await seen).toContain('Login incorrect');
    await ended;
    stream.resume();
  });
});
