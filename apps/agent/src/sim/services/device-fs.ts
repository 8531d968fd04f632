import type { SimDevice } from '../sim-device.ts';
import { MemoryFs } from './memory-fs.ts';

/** root's home: where SFTP and the shells start. */
export const HOME = '/root';

/** A device's filesystem as it is before anyone changed it. */
export const createDeviceFs = (device: SimDevice): MemoryFs => {
  const fs = new MemoryFs();
  fs.mkdir(HOME, 0o700);
  fs.mkdir('/etc');
  fs.mkdir('/etc/config');
  // Sticky and world-writable, like every /tmp.
  fs.mkdir('/tmp', 0o1777);
  fs.writeFile(
    `${HOME}/README.txt`,
    [
      `This is a simulated ${device.model} (serial ${device.serial}, firmware ${device.firmware}).`,
      'Its files live in memory: they survive reconnects but not a restart of the simulator,',
      'and the device holds at most 32 MiB.',
      '',
    ].join('\n'),
  );
  fs.writeFile('/etc/config/network', networkConfig(device));
  return fs;
};

const networkConfig = (device: SimDevice): string => {
  const wan = device.hardware.mobile
    ? ["config interface 'mob1s1a1'", "\toption proto 'wwan'", "\toption modem '1-1'"]
    : ["config interface 'wan'", "\toption device 'eth1'", "\toption proto 'dhcp'"];
  return [
    "config interface 'loopback'",
    "\toption device 'lo'",
    "\toption proto 'static'",
    "\toption ipaddr '127.0.0.1'",
    "\toption netmask '255.0.0.0'",
    '',
    'config device',
    "\toption name 'br-lan'",
    "\toption type 'bridge'",
    "\tlist ports 'eth0'",
    '',
    "config interface 'lan'",
    "\toption device 'br-lan'",
    "\toption proto 'static'",
    "\toption ipaddr '192.168.1.1'",
    "\toption netmask '255.255.255.0'",
    '',
    ...wan,
    '',
  ].join('\n');
};
