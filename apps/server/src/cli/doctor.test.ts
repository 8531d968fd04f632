import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { runDoctor } from './doctor';
import type { DoctorProbes } from './doctor-probes';

const GIB = 1024 ** 3;

/** A healthy machine; each test breaks what it is about. */
const healthy = (): DoctorProbes => ({
  portState: async () => 'free',
  netfleetAnswers: async () => false,
  database: async () => ({ state: 'ok', pending: [] }),
  mqttConnect: async () => {},
  redisPing: async () => {},
  smtpVerify: async () => {},
  diskFree: async () => 50 * GIB,
  openTun: async () => {},
  openvpnVersion: async (binary) => (binary === 'openvpn' ? '2.6.14' : null),
});

const doctor = async (probes: Partial<DoctorProbes>, env: Record<string, string> = {}) => {
  const lines: string[] = [];
  const config = loadConfig({ DATA_DIR: '/srv/netfleet', PORT: '8080', MQTT_PORT: '1884', ...env });
  const status = await runDoctor(config, { ...healthy(), ...probes }, (line) => lines.push(line));
  const line = (name: string) => lines.find((l) => new RegExp(`^\\S+\\s+${name}\\s`).test(l));
  return { status, lines, line };
};

describe('netfleet doctor', () => {
  it('passes a healthy machine with one line per check', async () => {
    const { status, lines } = await doctor({}, { SMTP_URL: 'smtp://mail.example:25' });
    expect(status).toBe(0);
    expect(lines.slice(0, -1).map((l) => [l.slice(0, 4).trim(), l.slice(6, 15).trim()])).toEqual(
      ['port', 'mqtt port', 'database', 'broker', 'redis', 'smtp', 'disk', 'tun', 'openvpn'].map(
        (name) => ['ok', name],
      ),
    );
    expect(lines.at(-1)).toBe('No problem found.');
  });

  it('fails on a port another program holds, and names the setting to change', async () => {
    const { status, line, lines } = await doctor({
      portState: async (_host, port) => (port === 8080 ? 'in-use' : 'free'),
    });
    expect(status).toBe(1);
    expect(line('port')).toBe(
      'fail  port      PORT 8080 is in use by another program: stop it or set PORT to a free port.',
    );
    expect(line('mqtt port')).toMatch(/^ok .*MQTT_PORT 1884 is free/);
    expect(lines.at(-1)).toBe('1 check(s) failed: fix them and run it again.');
  });

  it('accepts ports held by the running netfleet', async () => {
    const { status, line } = await doctor({
      portState: async () => 'in-use',
      netfleetAnswers: async (url) => url === 'http://127.0.0.1:8080',
    });
    expect(status).toBe(0);
    expect(line('port')).toMatch(/^ok .*PORT 8080 is in use by the running netfleet$/);
    expect(line('mqtt port')).toMatch(/^ok .*MQTT_PORT 1884 is in use by the running netfleet$/);
  });

  it('warns without /dev/net/tun or openvpn, saying how to fix it, without failing', async () => {
    const missing = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    const { status, line } = await doctor({
      openTun: async () => Promise.reject(missing),
      openvpnVersion: async () => null,
    });
    expect(status).toBe(0);
    expect(line('tun')).toMatch(/^warn .*\/dev\/net\/tun is missing: load the tun module/);
    expect(line('openvpn')).toMatch(/^warn .*OpenVPN is not installed: apt-get install openvpn/);
    expect(line('openvpn')).toMatch(/VPN_HUBS=false/);
  });

  it('skips the hub checks on an instance that runs no hubs', async () => {
    const { line } = await doctor(
      { openTun: async () => Promise.reject(new Error('x')) },
      {
        VPN_HUBS: 'false',
      },
    );
    expect(line('tun')).toBeUndefined();
    expect(line('vpn hubs')).toMatch(/^ok .*VPN_HUBS=false/);
  });

  it('fails on an unreachable database, broker, Redis or mail server, naming each setting', async () => {
    const refused = async () => Promise.reject(new Error('connect ECONNREFUSED'));
    const { status, line } = await doctor(
      {
        database: async () => ({
          state: 'unreachable',
          message: 'Cannot connect to the database at DATABASE_URL=postgres://db/nf: refused',
        }),
        mqttConnect: refused,
        redisPing: refused,
        smtpVerify: refused,
      },
      {
        DATABASE_URL: 'postgres://db/nf',
        MQTT_URL: 'mqtt://user:secret@broker:1883',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mail.example:25',
      },
    );
    expect(status).toBe(1);
    expect(line('database')).toMatch(/^fail .*DATABASE_URL=postgres:\/\/db\/nf: refused/);
    expect(line('broker')).toBe(
      'fail  broker    Cannot connect to the MQTT broker at MQTT_URL=mqtt://user:***@broker:1883: connect ECONNREFUSED; start it or fix MQTT_URL.',
    );
    expect(line('redis')).toMatch(/^fail .*REDIS_URL=redis:\/\/cache:6379.*ECONNREFUSED/);
    expect(line('smtp')).toMatch(/^fail .*SMTP_URL=smtp:\/\/mail.example:25.*fix SMTP_URL/);
    // The embedded broker's port is not checked when MQTT_URL points elsewhere.
    expect(line('mqtt port')).toBeUndefined();
  });

  it('warns on pending migrations, missing SMTP and little disk space', async () => {
    const { status, line } = await doctor({
      database: async () => ({ state: 'ok', pending: ['0042_next'] }),
      diskFree: async () => 0.5 * GIB,
    });
    expect(status).toBe(0);
    expect(line('database')).toMatch(
      /^warn .*1 migration\(s\) \(0042_next\): run netfleet migrate/,
    );
    expect(line('smtp')).toMatch(/^warn .*mail goes to the outbox/);
    expect(line('disk')).toMatch(/^warn .*only 0\.5 GiB free for DATA_DIR=\/srv\/netfleet/);
  });

  it('reports the embedded database held by a running server instead of opening it', async () => {
    const { line } = await doctor({ database: async () => ({ state: 'in-use', pid: 4242 }) });
    expect(line('database')).toMatch(/^ok .*open in the running netfleet \(pid 4242\)/);
  });
});
