import { describe, expect, it } from 'vitest';
import { parseUciText, toUciText } from '@netfleet/contracts';
import { SimDevice } from './sim-device.ts';
import { isSimDirectory, systemFileText } from './sim-file-content.ts';

const NOW = 1_750_000_000_000;
// Index 7 is an RUTX11 (a modem, Wi-Fi, firmware 02.01); index 2 a RUT300 (no modem, RutOS 07.04).
const device = (index = 7) => new SimDevice(index, 42, () => NOW);

describe("a simulated router's own files", () => {
  it('/proc/uptime is its uptime, to the hundredth', () => {
    const router = device();
    router.bootedAt = NOW - 3_600_250;
    expect(systemFileText(router, '/proc/uptime')).toBe('3600.25 3348.23\n');
  });

  it('/etc/os-release names its model and firmware', () => {
    const text = systemFileText(device(), '/etc/os-release') ?? '';
    expect(text).toContain('NAME="OpenWrt"\nVERSION="00.02.01"\n');
    expect(text).toContain('BUILD_ID="RUTX_R_00.02.01"\n');
    expect(text).toContain('OPENWRT_DEVICE_PRODUCT="RUTX11"\n');
    const rutos = systemFileText(device(2), '/etc/os-release') ?? '';
    expect(rutos).toContain('NAME="RutOS"\nVERSION="00.07.04.4"\n');
    expect(rutos).toContain('OPENWRT_DEVICE_PRODUCT="RUT300"\n');
  });

  it('/var/log/messages is a few syslog lines, from its boot to now', () => {
    const router = device();
    router.bootedAt = NOW - 86_400_000;
    const lines = (systemFileText(router, '/var/log/messages') ?? '').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      expect(line).toMatch(/^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4} \w+\.\w+ \S+: /);
    }
    expect(lines[0]).toMatch(/^Sat Jun 14 15:06:40 2025 kern\.notice kernel: .*Linux version/);
    expect(lines.at(-1)).toMatch(/^Sun Jun 15 15:04:40 2025 daemon\.info dnsmasq-dhcp/);
    expect(lines.join('\n')).toContain('mobifd: modem 1-1 registered to');
    // Just booted, nothing is stamped after now; without a modem the uplink is its WAN port.
    const wired = device(2);
    wired.bootedAt = NOW - 5000;
    const text = systemFileText(wired, '/var/log/messages') ?? '';
    expect(text).toContain(
      "Sun Jun 15 15:06:40 2025 daemon.notice netifd: Interface 'wan' is now up",
    );
    expect(text).not.toContain('mobifd');
  });

  it('/etc/config/<name> is its configuration in UCI text', () => {
    const router = device();
    const text = systemFileText(router, '/etc/config/system') ?? '';
    expect(text).toBe(toUciText(router.configStore().system ?? {}));
    expect(parseUciText(text)).toEqual(router.configStore().system);
    expect(systemFileText(router, '/etc/config/nothing')).toBeNull();
    expect(systemFileText(router, '/etc/config/toString')).toBeNull();
    expect(systemFileText(router, '/etc/passwd')).toBeNull();
  });

  it('has the directories that hold its files, and those of the files put on it', () => {
    const router = device();
    for (const path of ['/', '/etc', '/etc/config', '/proc', '/var/log']) {
      expect(isSimDirectory(router, path)).toBe(true);
    }
    for (const path of ['/etc/config/network', '/etc/conf', '/root']) {
      expect(isSimDirectory(router, path)).toBe(false);
    }
    router.files = {
      '/root/x/y.txt': { size: 0, sha256: 'a'.repeat(64), name: 'y', written_at: NOW },
    };
    expect(isSimDirectory(router, '/root')).toBe(true);
    expect(isSimDirectory(router, '/root/x')).toBe(true);
  });
});
