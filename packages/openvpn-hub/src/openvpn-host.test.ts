import { describe, expect, it } from 'vitest';
import { type HostProbes, probeHubHost } from './openvpn-host';

const VERSION =
  'OpenVPN 2.6.14 x86_64-pc-linux-gnu [SSL (OpenSSL)]\nlibrary versions: OpenSSL 3.0.19';
// CapEff of root (all 41 capabilities) and of a user without any.
const ROOT_STATUS =
  'Name:\tnode\nCapInh:\t0000000000000000\nCapEff:\t000001ffffffffff\nCapAmb:\t0000000000000000\n';
const USER_STATUS = 'Name:\tnode\nCapEff:\t0000000000000000\nCapAmb:\t0000000000000000\n';
// A non-root process holding CAP_NET_ADMIN (bit 12) effective and ambient.
const AMBIENT_STATUS = 'CapEff:\t0000000000001000\nCapAmb:\t0000000000001000\n';

const probes = (more: Partial<HostProbes> = {}): HostProbes => ({
  versionOutput: async (binary) => (binary === '/usr/sbin/openvpn' ? VERSION : null),
  openTun: async () => undefined,
  processStatus: async () => ROOT_STATUS,
  uid: () => 0,
  ...more,
});

describe('VPN hub host probe', () => {
  it('finds OpenVPN outside PATH and reports its version', async () => {
    expect(await probeHubHost({ probes: probes() })).toEqual({
      available: true,
      version: '2.6.14',
      binary: '/usr/sbin/openvpn',
    });
  });

  it('says how to install OpenVPN when it is missing', async () => {
    const result = await probeHubHost({ probes: probes({ versionOutput: async () => null }) });
    expect(result).toMatchObject({
      available: false,
      fix: 'Install OpenVPN: apt-get install openvpn',
    });
  });

  it('names OPENVPN_PATH when the configured binary is missing', async () => {
    const result = await probeHubHost({ openvpnPath: '/opt/ovpn', probes: probes() });
    expect(result).toMatchObject({
      available: false,
      reason: expect.stringContaining('OPENVPN_PATH'),
    });
  });

  it('speaks of the agent, its variable and its machine on a hub zone', async () => {
    const words = {
      pathVariable: 'AGENT_OPENVPN_PATH',
      host: 'this hub machine',
      program: 'netfleet-agent',
    };
    const missing = await probeHubHost({ openvpnPath: '/opt/ovpn', probes: probes(), words });
    expect(missing).toMatchObject({
      reason: 'OpenVPN was not found at /opt/ovpn (AGENT_OPENVPN_PATH).',
      fix: 'Point AGENT_OPENVPN_PATH at the openvpn binary, or unset it to search PATH.',
    });
    const none = await probeHubHost({ probes: probes({ versionOutput: async () => null }), words });
    expect(none).toMatchObject({ reason: 'OpenVPN is not installed on this hub machine.' });
    const user = await probeHubHost({
      probes: probes({ processStatus: async () => USER_STATUS, uid: () => 1000 }),
      words,
    });
    expect(user).toMatchObject({
      reason: 'netfleet-agent may not create network interfaces (it lacks CAP_NET_ADMIN).',
      fix: expect.stringMatching(/^Run netfleet-agent as root, or grant CAP_NET_ADMIN as/),
    });
  });

  it('refuses a binary that is not OpenVPN', async () => {
    const result = await probeHubHost({
      probes: probes({ versionOutput: async () => 'usage: x' }),
    });
    expect(result).toMatchObject({ available: false });
  });

  it('says how to get /dev/net/tun', async () => {
    const openTun = async () => {
      throw Object.assign(new Error('no tun'), { code: 'ENOENT' });
    };
    const result = await probeHubHost({ probes: probes({ openTun }) });
    expect(result).toMatchObject({
      available: false,
      reason: expect.stringContaining('ENOENT'),
      fix: expect.stringContaining('modprobe tun'),
    });
  });

  it('needs CAP_NET_ADMIN, inherited by OpenVPN', async () => {
    const user = await probeHubHost({
      probes: probes({ processStatus: async () => USER_STATUS, uid: () => 1000 }),
    });
    expect(user).toMatchObject({ available: false, fix: expect.stringContaining('CAP_NET_ADMIN') });
    // Effective but not ambient: the capability would not reach the OpenVPN process.
    const fileCaps = await probeHubHost({
      probes: probes({
        processStatus: async () => 'CapEff:\t0000000000001000\nCapAmb:\t0\n',
        uid: () => 1000,
      }),
    });
    expect(fileCaps).toMatchObject({ available: false });
    const ambient = await probeHubHost({
      probes: probes({ processStatus: async () => AMBIENT_STATUS, uid: () => 1000 }),
    });
    expect(ambient).toMatchObject({ available: true });
  });
});
