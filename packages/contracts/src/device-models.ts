// Device models, series and the capability rules of spec §5, shared by the server (which exposes
// the flags), the simulator (which plays the models) and the console (which shows tabs by flag).

/** RMS `device_series`: how a device of the family is identified (MAC or IMEI). */
export const DEVICE_SERIES = ['rut', 'trb', 'tcr', 'tap', 'otd', 'swm'] as const;
export type DeviceSeries = (typeof DEVICE_SERIES)[number];

/** TRB gateways are identified by IMEI; every other family by MAC (rms-api-v3 conventions). */
export const identityOf = (series: DeviceSeries): 'mac' | 'imei' =>
  series === 'trb' ? 'imei' : 'mac';

/** Hardware a model has, before firmware decides what of it the console may use. */
export interface ModelHardware {
  series: DeviceSeries;
  wifi: boolean;
  gps: boolean;
  mobile: boolean;
  /** SIM slots per modem (spec §3: up to 2). */
  simCount: 0 | 1 | 2;
  secondModem: boolean;
  esim: boolean;
  io: boolean;
  portCount: number;
}

const hw = (
  series: DeviceSeries,
  parts: Partial<Omit<ModelHardware, 'series'>>,
): ModelHardware => ({
  series,
  wifi: false,
  gps: false,
  mobile: true,
  simCount: 1,
  secondModem: false,
  esim: false,
  io: false,
  portCount: 1,
  ...parts,
});

/** The models netfleet knows by name; others are accepted with conservative defaults. */
export const DEVICE_MODELS: Readonly<Record<string, ModelHardware>> = {
  RUT240: hw('rut', { wifi: true, io: true, portCount: 2 }),
  RUT241: hw('rut', { wifi: true, io: true, portCount: 2 }),
  RUT300: hw('rut', { mobile: false, simCount: 0, io: true, portCount: 5 }),
  RUT360: hw('rut', { wifi: true, portCount: 2 }),
  RUT950: hw('rut', { wifi: true, simCount: 2, io: true, portCount: 4 }),
  RUT955: hw('rut', { wifi: true, gps: true, simCount: 2, io: true, portCount: 4 }),
  RUTX10: hw('rut', { wifi: true, mobile: false, simCount: 0, portCount: 5 }),
  RUTX11: hw('rut', { wifi: true, gps: true, simCount: 2, portCount: 5 }),
  RUTX50: hw('rut', { wifi: true, gps: true, simCount: 2, esim: true, portCount: 5 }),
  RUTX14: hw('rut', { wifi: true, gps: true, simCount: 2, secondModem: true, portCount: 5 }),
  TRB140: hw('trb', { io: true, portCount: 1 }),
  TRB141: hw('trb', { io: true, portCount: 0 }),
  TRB142: hw('trb', { io: true, portCount: 0 }),
  TRB145: hw('trb', { io: true, portCount: 0 }),
  TRB500: hw('trb', { gps: true, portCount: 10 }),
};

/** Models without a data-usage counter (no cellular modem to meter). */
export const DATA_USAGE_UNSUPPORTED_MODELS: readonly string[] = ['RUT300', 'RUTX10'];

/** Spec §3: the series is the first four characters of the model (RUT9, RUTX, TRB1 ...). */
export const modelSeries = (model: string): string => model.slice(0, 4).toUpperCase();

/** The hardware of a model; an unknown model is treated as a plain single-SIM router. */
export const modelHardware = (model: string): ModelHardware =>
  DEVICE_MODELS[model.toUpperCase()] ??
  hw(model.toUpperCase().startsWith('TRB') ? 'trb' : 'rut', {});

export type FirmwareVersion = readonly [number, number, number];

/**
 * The comparable part of a firmware string: `RUT9_R_00.07.06.1` → [7, 6, 1],
 * `RUTX_R_00.02.04` → [2, 4, 0]. Null when the string has no recognisable version, so a device
 * reporting garbage never gains a capability.
 */
export const parseFirmware = (firmware: string | null | undefined): FirmwareVersion | null => {
  if (!firmware) return null;
  const match = /(?:_R_|_)(?:00\.)?(\d{1,2})\.(\d{1,2})(?:\.(\d{1,3}))?\s*$/.exec(firmware.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
};

/** Orders firmware versions: negative when a is older than b. */
export const compareFirmware = (a: FirmwareVersion, b: FirmwareVersion): number =>
  a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

const atLeast = (v: FirmwareVersion | null, min: FirmwareVersion) =>
  v !== null && compareFirmware(v, min) >= 0;
const below = (v: FirmwareVersion | null, max: FirmwareVersion) =>
  v !== null && compareFirmware(v, max) < 0;

/** Spec §3 capability flags. */
export interface DeviceCapabilities {
  has_wifi: boolean;
  has_gps: boolean;
  has_rutos: boolean;
  has_mobile: boolean;
  port_count: number;
  has_lan: boolean;
  has_hotspot: boolean;
  sim_count: number;
  has_io: boolean;
  has_ddns: boolean;
  has_data_usage: boolean;
  has_l2tp: boolean;
  has_second_modem: boolean;
  has_network_map: boolean;
  has_esim: boolean;
  has_webfilter: boolean;
  has_vpn: boolean;
  has_legacy_alerts: boolean;
  has_legacy_vpn: boolean;
}

/** RutOS (07.x) replaced the legacy firmware line; older trees still number from 00 to 06. */
const RUTOS_FROM: FirmwareVersion = [7, 0, 0];

/** Spec §5 "Wi-Fi monitoring needs RUT2 firmware 01.11.1+, RUT9 06.05.1+, RUTX 02.01.1+". */
const wifiMonitoring = (series: string, v: FirmwareVersion | null): boolean => {
  if (series === 'RUT2') return atLeast(v, [1, 11, 1]);
  if (series === 'RUT9') return atLeast(v, [6, 5, 1]);
  if (series === 'RUTX') return atLeast(v, [2, 1, 1]);
  return v !== null;
};

/** Spec §5 hotspot: RUT360 07.00+, RUT300 07.06+, TRB except TRB141/142/145 from 07.06. */
const hotspot = (model: string, series: string, v: FirmwareVersion | null): boolean => {
  if (model === 'RUT360') return atLeast(v, [7, 0, 0]);
  if (model === 'RUT300') return atLeast(v, [7, 6, 0]);
  if (series.startsWith('TRB')) {
    return !['TRB141', 'TRB142', 'TRB145'].includes(model) && atLeast(v, [7, 6, 0]);
  }
  return true;
};

/** Spec §5 DDNS: RUT2, RUT3, RUT9 07.00+; RUTX and TRB 02.04+. */
const ddns = (series: string, v: FirmwareVersion | null): boolean => {
  if (['RUT2', 'RUT3', 'RUT9'].includes(series)) return atLeast(v, [7, 0, 0]);
  if (series === 'RUTX' || series.startsWith('TRB')) return atLeast(v, [2, 4, 0]);
  return false;
};

/** Spec §5 data usage: unavailable for the listed models; TRB500 needs 07.12. */
const dataUsage = (model: string, v: FirmwareVersion | null, mobile: boolean): boolean => {
  if (!mobile || DATA_USAGE_UNSUPPORTED_MODELS.includes(model)) return false;
  if (model === 'TRB500') return atLeast(v, [7, 12, 0]);
  return true;
};

/** The capability flags of a model running a firmware (spec §3 flags, spec §5 rules). */
export const deviceCapabilities = (
  modelName: string,
  firmware: string | null | undefined,
): DeviceCapabilities => {
  const model = modelName.toUpperCase();
  const series = modelSeries(model);
  const hardware = modelHardware(model);
  const version = parseFirmware(firmware);
  const rutos = atLeast(version, RUTOS_FROM);
  return {
    has_wifi: hardware.wifi && wifiMonitoring(series, version),
    has_gps: hardware.gps,
    has_rutos: rutos,
    has_mobile: hardware.mobile,
    port_count: hardware.portCount,
    has_lan: hardware.portCount > 0,
    // TRB gateways and the RUT300 have no radio but serve a wired hotspot on their LAN ports.
    has_hotspot:
      (hardware.wifi || series.startsWith('TRB') || model === 'RUT300') &&
      hotspot(model, series, version),
    sim_count: hardware.simCount,
    has_io: hardware.io,
    has_ddns: ddns(series, version),
    has_data_usage: dataUsage(model, version, hardware.mobile),
    has_l2tp: version !== null,
    has_second_modem: hardware.secondModem,
    has_network_map: rutos,
    has_esim: hardware.esim,
    has_webfilter: rutos,
    has_vpn: version !== null,
    has_legacy_alerts: below(version, [7, 13, 0]),
    has_legacy_vpn: below(version, [7, 6, 0]),
  };
};
