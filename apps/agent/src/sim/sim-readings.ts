import { SECTION_TYPE_KEY, type TelemetryCategory, type TelemetryData } from '@netfleet/contracts';
import { OPERATORS, hasFiveGhz, modemOf } from './catalogue.ts';
import { defaultDdnsConfig } from './sim-config-defaults.ts';
import { simEsimProfiles } from './sim-esim.ts';
import type { SimDevice } from './sim-device.ts';
import { countWifiTraffic, type SimRadio } from './sim-wifi-traffic.ts';
import { simOpenvpnReadings } from './sim-vpn.ts';

// Each reading advances the device's random walks one step; values stay inside the ranges the
// console expects (signal -120..-50 dBm, temperature 20-75 °C, GPS within a few km of a city).

const round = (value: number, digits: number) => Number(value.toFixed(digits));

const dynamic = (d: SimDevice): TelemetryData<'dynamic'> => {
  const rng = d.rng;
  d.temperature =
    d.pins.temperature !== undefined
      ? d.pins.temperature * 10
      : Math.round(rng.walk(d.temperature, 10, 200, 750));
  d.switchSims();
  const modemInfo = modemOf(d.model);
  const modems = d.modems.map((modem, i) => {
    modem.signal = d.pins.signal ?? Math.round(rng.walk(modem.signal, 4, -120, -50));
    const rx = rng.int(0, 200_000);
    const tx = rng.int(0, 60_000);
    d.wanRx += rx;
    d.wanTx += tx;
    return {
      modem: (i + 1) as 1 | 2,
      sim: modem.slot,
      signal: modem.signal,
      rsrp: modem.signal - rng.int(18, 30),
      rsrq: -rng.int(3, 16),
      sinr: rng.int(-5, 25),
      operator: OPERATORS[modem.operator] ?? null,
      network_state: modem.roaming ? 'roaming' : 'registered',
      connection_type: modemInfo.fiveG && modem.signal > -90 ? '5G-NSA' : 'LTE',
      modem_model: modemInfo.model,
      modem_manufacturer: 'Quectel',
      modem_firmware: modemInfo.firmware,
      rx,
      tx,
    };
  });
  if (modems.length === 0) {
    d.wanRx += rng.int(0, 400_000);
    d.wanTx += rng.int(0, 100_000);
  }
  d.lanRx += rng.int(0, 100_000);
  d.lanTx += rng.int(0, 400_000);
  const load = round(rng.next() * 0.8, 2);
  return {
    uptime: d.uptime(),
    temperature: d.temperature,
    load: [load, round(load * 0.9, 2), round(load * 0.8, 2)],
    memory_free: rng.int(40, 120) * 1024 * 1024,
    wan_state: modems.length > 0 ? 'mobile' : 'wired',
    wan_ip: `10.${(d.index >> 16) & 0xff}.${(d.index >> 8) & 0xff}.${d.index & 0xff || 1}`,
    interfaces: [
      { name: modems.length > 0 ? 'qmimux0' : 'eth1', rx: d.wanRx, tx: d.wanTx, up: true },
      ...(d.capabilities.has_lan ? [{ name: 'br-lan', rx: d.lanRx, tx: d.lanTx, up: true }] : []),
    ],
    modems,
  };
};

/**
 * An option of the device's configuration store, once a configuration job made one (before that
 * the readings keep their own defaults, so a fleet that is never configured costs no store).
 */
const configured = (d: SimDevice, config: string, section: string, option: string) => {
  const value = d.config?.[config]?.[section]?.[option];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const staticInfo = (d: SimDevice): TelemetryData<'static'> => {
  const sims: TelemetryData<'static'>['sims'] = [];
  if (d.hardware.mobile) {
    const slots: (1 | 2 | 'esim')[] = d.hardware.simCount === 2 ? [1, 2] : [1];
    if (d.hardware.esim) slots.push('esim');
    for (const slot of slots) {
      const tail = `${d.serial}${slot === 'esim' ? 3 : slot}`.slice(-11).padStart(11, '0');
      sims.push({ slot, iccid: `89370${tail}00`.slice(0, 19), imsi: `24601${tail}`.slice(0, 15) });
    }
  }
  return {
    hostname: configured(d, 'system', 'system', 'hostname') ?? `${d.model}-${d.serial.slice(-4)}`,
    lan_ip: d.capabilities.has_lan
      ? (configured(d, 'network', 'lan', 'ipaddr') ?? '192.168.1.1')
      : null,
    kernel: d.capabilities.has_rutos ? '5.15.167' : '4.14.241',
    sims,
    ...(d.capabilities.has_esim ? { esim_profiles: simEsimProfiles(d) } : {}),
  };
};

const gps = (d: SimDevice): TelemetryData<'gps'> | null => {
  if (!d.capabilities.has_gps) return null;
  const rng = d.rng;
  d.latitude = rng.walk(d.latitude, 0.0005, -89, 89);
  d.longitude = rng.walk(d.longitude, 0.0005, -179, 179);
  return {
    latitude: round(d.latitude, 6),
    longitude: round(d.longitude, 6),
    altitude: rng.int(80, 250),
    speed: round(rng.next() * 60, 1),
    satellites: rng.int(4, 14),
  };
};

const io = (d: SimDevice): TelemetryData<'io'> | null => {
  if (!d.capabilities.has_io) return null;
  const rng = d.rng;
  if (rng.next() < 0.1) d.inputs ^= 1 << rng.int(0, 1);
  if (rng.next() < 0.05) d.relays ^= 1;
  d.analog = rng.walk(d.analog, 0.5, 0, 24);
  const bit = (value: number, i: number) => ((value >> i) & 1) as 0 | 1;
  return {
    inputs: [
      { name: 'Digital input', level: bit(d.inputs, 0) },
      { name: 'Digital galvanically isolated input', level: bit(d.inputs, 1) },
    ],
    relays: [{ name: 'Relay', state: bit(d.relays, 0) }],
    analog: [{ name: 'Analog input', value: round(d.analog, 2), unit: 'V' }],
  };
};

/**
 * The radios of a model with Wi-Fi, one step of their client counts' walk; telemetry reports them
 * only from the firmware that has Wi-Fi monitoring (`has_wifi`), the local API always.
 */
export const wifiInterfaces = (d: SimDevice): TelemetryData<'wireless'>['interfaces'] => {
  d.wifiClients = Math.round(d.rng.walk(d.wifiClients, 2, 0, 30));
  const name = `${d.model}_${d.serial.slice(-4)}`;
  const interfaces: SimRadio[] = [
    {
      ssid: configured(d, 'wireless', 'default_radio0', 'ssid') ?? name,
      band: '2.4GHz',
      channel: 1 + (d.index % 3) * 5,
      clients: d.wifiClients,
      enabled: configured(d, 'wireless', 'default_radio0', 'disabled') !== '1',
    },
  ];
  if (hasFiveGhz(d.model)) {
    interfaces.push({
      ssid: `${name}_5G`,
      band: '5GHz',
      channel: 36 + (d.index % 4) * 4,
      clients: Math.floor(d.wifiClients / 2),
      enabled: true,
    });
  }
  return countWifiTraffic(d, interfaces);
};

const wireless = (d: SimDevice): TelemetryData<'wireless'> | null =>
  d.capabilities.has_wifi ? { interfaces: wifiInterfaces(d) } : null;

const hotspot = (d: SimDevice): TelemetryData<'hotspot'> | null => {
  if (!d.capabilities.has_hotspot) return null;
  d.hotspotUsers = Math.round(d.rng.walk(d.hotspotUsers, 1, 0, 20));
  return {
    hotspots: [
      {
        index: 0,
        ssid: 'Guest hotspot',
        users_active: d.hotspotUsers,
        rx: d.rng.int(0, 50_000) * d.hotspotUsers,
        tx: d.rng.int(0, 200_000) * d.hotspotUsers,
      },
    ],
  };
};

/** Telemetry lists at most this many DDNS entries (ddnsTelemetrySchema). */
const DDNS_ENTRIES_MAX = 16;

/**
 * One entry per service of the device's ddns config that names a domain: an enabled one is up
 * with the WAN address, a disabled one says so. A device that never needed its configuration
 * store reports its factory service without creating the store.
 */
const ddns = (d: SimDevice): TelemetryData<'ddns'> | null => {
  if (!d.capabilities.has_ddns) return null;
  const services = d.config ? (d.config.ddns ?? {}) : defaultDdnsConfig(d.serial);
  const entries = Object.values(services)
    .filter((section) => section[SECTION_TYPE_KEY] === 'service')
    .flatMap((section) => {
      const hostname = section.domain;
      if (typeof hostname !== 'string' || hostname === '') return [];
      const up = section.enabled === '1';
      return [
        {
          hostname,
          status: up ? ('up' as const) : ('disabled' as const),
          ip: up ? `10.0.${d.index & 0xff}.1` : null,
        },
      ];
    });
  return { entries: entries.slice(0, DDNS_ENTRIES_MAX) };
};

const vpn = (d: SimDevice): TelemetryData<'vpn'> | null => {
  const openvpn = simOpenvpnReadings(d);
  if (!d.capabilities.has_l2tp && !openvpn) return null;
  return {
    l2tp: d.capabilities.has_l2tp
      ? [{ name: 'l2tp_office', status: d.rng.next() < 0.9 ? 'running' : 'stopped' }]
      : [],
    ...(openvpn ? { openvpn } : {}),
  };
};

const READERS: { [C in TelemetryCategory]: (d: SimDevice) => TelemetryData<C> | null } = {
  dynamic,
  static: staticInfo,
  gps,
  io,
  wireless,
  hotspot,
  ddns,
  vpn,
};

/** The device's next reading of a category, or null when the model/firmware has none. */
export const simReading = <C extends TelemetryCategory>(
  device: SimDevice,
  category: C,
): TelemetryData<C> | null => READERS[category](device);
