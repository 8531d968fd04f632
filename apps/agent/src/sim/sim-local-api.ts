import type { LocalApi } from '@netfleet/contracts';
import { localApi } from '../local-api.ts';
import type { SimDevice } from './sim-device.ts';
import { simReading, wifiInterfaces } from './sim-readings.ts';

// A simulated router's local status API. Every answer is a telemetry reading of the device (one
// step of its random walks), so collected values change over time and match what its telemetry
// says: the same signal, temperature and counters. A model without a modem, GPS or Wi-Fi answers
// 404 there.

const MIB = 1024 * 1024;
/** The LTE band a modem reports (fixed per device); a 5G connection reports n78. */
const LTE_BANDS = ['B1', 'B3', 'B7', 'B20'] as const;

const deviceStatus = (d: SimDevice) => {
  const reading = simReading(d, 'dynamic');
  return {
    hostname: simReading(d, 'static')?.hostname,
    model: d.model,
    serial: d.serial,
    firmware: d.firmware,
    uptime: reading?.uptime,
    load: reading?.load,
  };
};

/** RUT2 and TRB1 routers have 128 MiB of RAM and 16 MiB of flash, the others 256 and 128. */
const usageStatus = (d: SimDevice) => {
  const small = /^(RUT2|TRB1)/.test(d.model);
  const flashTotal = (small ? 16 : 128) * MIB;
  return {
    ram_total: (small ? 128 : 256) * MIB,
    ram_free: simReading(d, 'dynamic')?.memory_free ?? 0,
    flash_total: flashTotal,
    // Steady per device: configuration and packages do not come and go between readings.
    flash_free: Math.round(flashTotal * (0.3 + (d.index % 50) / 100)),
  };
};

const interfacesStatus = (d: SimDevice) => {
  const reading = simReading(d, 'dynamic');
  const lanIp = simReading(d, 'static')?.lan_ip ?? null;
  return (reading?.interfaces ?? []).map((iface) => {
    const lan = iface.name === 'br-lan';
    return {
      id: lan ? 'lan' : iface.name === 'qmimux0' ? 'mob1s1a1' : 'wan',
      name: iface.name,
      up: iface.up,
      ipv4: lan ? lanIp : (reading?.wan_ip ?? null),
      rx_bytes: iface.rx,
      tx_bytes: iface.tx,
    };
  });
};

const modemsStatus = (d: SimDevice) => {
  if (!d.hardware.mobile) return null;
  const reading = simReading(d, 'dynamic');
  return (reading?.modems ?? []).map((modem, i) => ({
    id: `${i + 1}-1`,
    primary: i === 0,
    // RutOS numbers an eSIM after the physical slots.
    sim: modem.sim === 'esim' ? 3 : modem.sim,
    operator: modem.operator,
    conntype: modem.connection_type,
    rssi: modem.signal,
    rsrp: modem.rsrp,
    rsrq: modem.rsrq,
    sinr: modem.sinr,
    // Telemetry keeps deci-degrees; the API answers degrees.
    temperature: d.temperature / 10,
    band: modem.connection_type === 'LTE' ? LTE_BANDS[d.index % LTE_BANDS.length] : 'n78',
  }));
};

const gpsStatus = (d: SimDevice) => {
  const reading = simReading(d, 'gps');
  return reading && { ...reading, fix: (reading.satellites ?? 0) >= 4 };
};

const wirelessStatus = (d: SimDevice) =>
  d.hardware.wifi ? wifiInterfaces(d).map((iface, i) => ({ id: `wifi${i}`, ...iface })) : null;

/** The simulated device's answers to `/system/device/status`, `/modems/status` and the rest. */
export const simLocalApi = (device: SimDevice): LocalApi =>
  localApi({
    '/system/device/status': () => deviceStatus(device),
    '/system/device/usage/status': () => usageStatus(device),
    '/interfaces/status': () => interfacesStatus(device),
    '/modems/status': () => modemsStatus(device),
    '/gps/position/status': () => gpsStatus(device),
    '/wireless/interfaces/status': () => wirelessStatus(device),
  });
