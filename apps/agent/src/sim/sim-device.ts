import {
  deviceCapabilities,
  type AlertsConfigArgs,
  type CollectConfig,
  identityOf,
  modelHardware,
  type DeviceCapabilities,
  type DeviceConfig,
  type EsimProfileReading,
  type ModelHardware,
} from '@netfleet/contracts';
import type { DeviceIdentity } from '../types.ts';
import { CITIES, OPERATORS, SIM_MODELS, firmwareChoices } from './catalogue.ts';
import { Rng, deviceSeed, hashString } from './random.ts';
import { defaultSimConfig, firmwareSimConfig } from './sim-config-defaults.ts';
import type { SimFileTable } from './sim-file-table.ts';
import { FACTORY_PASSWORD_SHA256, passwordSha256 } from './services/credentials.ts';
import type { Pins } from './sim-pins.ts';
import type { SimVpnClient } from './sim-vpn.ts';

/** Per modem: the active SIM slot and its signal/operator state. */
export interface SimModem {
  slot: 1 | 2 | 'esim';
  signal: number;
  operator: number;
  roaming: boolean;
}

/**
 * One virtual device's state, kept small (10k of them live in one process): identity, boot time,
 * counters and the positions of its random walks.
 */
export class SimDevice {
  readonly rng: Rng;
  readonly serial: string;
  readonly mac?: string;
  readonly imei?: string;
  readonly model: string;
  readonly hardware: ModelHardware;
  firmware: string;
  capabilities: DeviceCapabilities;
  bootedAt: number;
  temperature: number;
  modems: SimModem[];
  /** Readings held at a value (`nf-sim pin`, sim-pins.ts); the walks go on from there when unpinned. */
  pins: Pins = {};
  latitude: number;
  longitude: number;
  /** Cumulative WAN/LAN byte counters since boot. */
  wanRx = 0;
  wanTx = 0;
  lanRx = 0;
  lanTx = 0;
  inputs: number;
  relays: number;
  analog: number;
  wifiClients: number;
  /** Cumulative bytes received and sent per radio since boot (sim-wifi-traffic.ts). */
  wifiRx: number[] = [];
  wifiTx: number[] = [];
  /** When the radios' counters were last advanced; unset since boot. */
  wifiCountedAt?: number;
  hotspotUsers: number;
  /** The hotspot's users (name → password); created by the first hotspot command (sim-hotspot.ts). */
  hotspotUserList?: Map<string, string>;
  /**
   * The SHA-256 (hex) of the admin password: root's on SSH and telnet, admin's in the web UI. Only
   * the hash is kept; `set_password` changes it and the fleet's state file keeps it.
   */
  adminPasswordSha256: string = FACTORY_PASSWORD_SHA256;
  /**
   * The configuration store (config jobs, sim-config.ts); unset until a job needs it, so a fleet
   * that never configures does not hold thousands of copies of the defaults.
   */
  config?: DeviceConfig;
  /** The data-collect set a `collect_config` job gave it; unset when it collects nothing. */
  collect?: CollectConfig[];
  /** The device alert set an `alerts_config` job gave it; unset when it watches nothing. */
  alerts?: AlertsConfigArgs;
  /** The files `file_put` jobs wrote (sim-files.ts); unset until the first. */
  files?: SimFileTable;
  /** Its OpenVPN clients of netfleet hubs (sim-vpn.ts); unset until the first `vpn_join`. */
  vpnClients?: SimVpnClient[];
  /** The eUICC's profiles (has_esim models), once a reading or an `esim_profile` job needed them. */
  esimProfiles?: EsimProfileReading[];

  constructor(
    readonly index: number,
    readonly seed: number,
    readonly now: () => number = Date.now,
  ) {
    this.rng = new Rng(deviceSeed(seed, index));
    const rng = this.rng;
    // Round-robin over models, then over firmware, so every model meets every threshold early.
    this.model = SIM_MODELS[index % SIM_MODELS.length] as string;
    this.hardware = modelHardware(this.model);
    const firmwares = firmwareChoices(this.model);
    this.firmware = firmwares[Math.floor(index / SIM_MODELS.length) % firmwares.length] as string;
    this.capabilities = deviceCapabilities(this.model, this.firmware);
    // Serials are 10 digits: the seed's last four, then the index, so two fleets do not collide.
    this.serial = `${String(seed % 10_000).padStart(4, '0')}${String(index).padStart(6, '0')}`;
    if (identityOf(this.hardware.series) === 'imei') this.imei = imei(rng);
    else this.mac = mac(seed, index);
    this.bootedAt = now() - rng.int(60, 30 * 86_400) * 1000;
    this.temperature = rng.int(300, 550);
    this.modems = [];
    if (this.hardware.mobile) {
      const count = this.hardware.secondModem ? 2 : 1;
      for (let m = 0; m < count; m += 1) {
        this.modems.push({
          slot: this.hardware.esim && rng.next() < 0.3 ? 'esim' : 1,
          signal: rng.int(-110, -60),
          operator: rng.int(0, OPERATORS.length - 1),
          roaming: rng.next() < 0.1,
        });
      }
    }
    const city = rng.pick(CITIES);
    this.latitude = city.latitude + (rng.next() - 0.5) * 0.1;
    this.longitude = city.longitude + (rng.next() - 0.5) * 0.1;
    this.inputs = rng.int(0, 3);
    this.relays = rng.int(0, 1);
    this.analog = rng.next() * 24;
    this.wifiClients = rng.int(0, 12);
    this.hotspotUsers = rng.int(0, 5);
  }

  identity(): DeviceIdentity {
    return {
      serial: this.serial,
      model: this.model,
      firmware: this.firmware,
      ...(this.mac ? { mac: this.mac } : {}),
      ...(this.imei ? { imei: this.imei } : {}),
    };
  }

  uptime(): number {
    return Math.max(0, Math.floor((this.now() - this.bootedAt) / 1000));
  }

  /** A (simulated) power cycle: counters restart, a firmware update takes effect. */
  boot(firmware?: string): void {
    this.bootedAt = this.now();
    this.wanRx = this.wanTx = this.lanRx = this.lanTx = 0;
    this.wifiRx = [];
    this.wifiTx = [];
    delete this.wifiCountedAt;
    if (firmware) {
      this.firmware = firmware;
      this.capabilities = deviceCapabilities(this.model, firmware);
      // Configs the new firmware brings start from their defaults; the others are kept.
      if (this.config) {
        this.config = { ...firmwareSimConfig(this.model, this.serial, firmware), ...this.config };
      }
    }
  }

  /** The configuration store, from the model's factory defaults the first time it is needed. */
  configStore(): DeviceConfig {
    return (this.config ??= defaultSimConfig(this.model, this.serial, this.firmware));
  }

  adminPasswordMatches(password: string): boolean {
    return passwordSha256(password) === this.adminPasswordSha256;
  }

  setAdminPassword(password: string): void {
    this.adminPasswordSha256 = passwordSha256(password);
  }

  /**
   * Whether this device is among the `rate` (0 to 1) of the fleet whose password changes fail: a
   * fixed draw from the fleet seed and the serial, so the same devices fail on every run.
   */
  passwordChangeFails(rate: number): boolean {
    return this.drawBelow(`set_password/${this.serial}`, rate);
  }

  /**
   * Whether job `jobId` is among the `rate` (0 to 1) of jobs that fail: a draw per job, so a
   * retry (a new job) may succeed where the first attempt failed, as on a real fleet.
   */
  jobFails(jobId: number, rate: number): boolean {
    return this.drawBelow(`job/${this.serial}/${jobId}`, rate);
  }

  /** Whether this device is among the `share` (0 to 1) of the fleet that an outage takes away. */
  inOutage(share: number): boolean {
    return this.drawBelow(`outage/${this.serial}`, share);
  }

  /** A draw fixed by the fleet seed and `key`, below `rate`: the same answer on every run. */
  private drawBelow(key: string, rate: number): boolean {
    return new Rng(deviceSeed(this.seed, hashString(key))).next() < rate;
  }

  /** Occasionally a dual-SIM modem fails over to its other SIM. */
  switchSims(): void {
    for (const modem of this.modems) {
      if (this.hardware.simCount === 2 && modem.slot !== 'esim' && this.rng.next() < 0.02) {
        modem.slot = modem.slot === 1 ? 2 : 1;
        modem.operator = this.rng.int(0, OPERATORS.length - 1);
      }
    }
  }
}

const mac = (seed: number, index: number): string => {
  // Teltonika's OUI, then 24 bits from seed and index.
  const low = (Math.imul(seed, 2654435761) + index) & 0xffffff;
  const bytes = [0x00, 0x1e, 0x42, (low >> 16) & 0xff, (low >> 8) & 0xff, low & 0xff];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
};

/** A 15-digit IMEI with a valid Luhn check digit. */
const imei = (rng: Rng): string => {
  const body = `35${rng.digits(12)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
};
