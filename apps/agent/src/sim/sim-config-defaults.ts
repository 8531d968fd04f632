import {
  SECTION_TYPE_KEY,
  configsOfModel,
  modelHardware,
  type ConfigFile,
  type DeviceConfig,
} from '@netfleet/contracts';
import { Rng, hashString } from './random.ts';

// A simulated router's factory configuration, as RutOS ships it, trimmed to the options the
// contracts' configuration schema knows (every value here must pass it).

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** The Wi-Fi key printed on the device's label: 10 characters, fixed by its serial number. */
export const defaultWifiKey = (serial: string): string => {
  const rng = new Rng(hashString(`wifi-key/${serial}`));
  return Array.from({ length: 10 }, () => rng.pick([...KEY_ALPHABET])).join('');
};

/** The Dynamic DNS service the simulator ships: the device's own dyndns.org name, registered. */
export const defaultDdnsConfig = (serial: string): ConfigFile => ({
  myddns: {
    [SECTION_TYPE_KEY]: 'service',
    enabled: '1',
    service_name: 'dyndns.org',
    domain: `rut${serial.toLowerCase()}.dyndns.org`,
    ip_source: 'network',
    interface: 'wan',
    check_interval: '10',
  },
});

/** Site blocking as RutOS ships it: off, blocking the listed sites, none listed. */
export const defaultWebfilterConfig = (): ConfigFile => ({
  general: { [SECTION_TYPE_KEY]: 'webfilter', enabled: '0', mode: 'blacklist' },
});

/**
 * The configs the firmware brings beyond the hardware's (ddns, webfilter), for `configsOfModel`'s
 * firmware rule; kept apart so a firmware update can add those it newly has.
 */
export const firmwareSimConfig = (
  model: string,
  serial: string,
  firmware?: string | null,
): DeviceConfig => {
  const configs = configsOfModel(model, firmware);
  return {
    ...(configs.includes('ddns') ? { ddns: defaultDdnsConfig(serial) } : {}),
    ...(configs.includes('webfilter') ? { webfilter: defaultWebfilterConfig() } : {}),
  };
};

/**
 * The configuration a model's device starts with (system, network, firewall, wireless, and ddns
 * and webfilter where its firmware has them; without a firmware, where some firmware has them).
 */
export const defaultSimConfig = (
  model: string,
  serial: string,
  firmware?: string | null,
): DeviceConfig => {
  const hardware = modelHardware(model);
  const tail = serial.slice(-4);
  const config: DeviceConfig = {
    system: {
      system: {
        [SECTION_TYPE_KEY]: 'system',
        hostname: `${model.toLowerCase()}-${tail}`,
        timezone: 'UTC',
        zonename: 'UTC',
        log_size: '128',
      },
    },
    network: {
      lan: {
        [SECTION_TYPE_KEY]: 'interface',
        proto: 'static',
        ipaddr: '192.168.1.1',
        netmask: '255.255.255.0',
      },
      wan: { [SECTION_TYPE_KEY]: 'interface', proto: 'dhcp' },
      ...(hardware.mobile ? { mob1s1a1: { [SECTION_TYPE_KEY]: 'interface', proto: 'wwan' } } : {}),
    },
    firewall: {
      defaults: {
        [SECTION_TYPE_KEY]: 'defaults',
        input: 'ACCEPT',
        output: 'ACCEPT',
        forward: 'REJECT',
        syn_flood: '1',
      },
      // RutOS ships the rule that opens SSH from the WAN, switched off.
      rule_ssh_wan: {
        [SECTION_TYPE_KEY]: 'rule',
        name: 'Allow-SSH-WAN',
        src: 'wan',
        proto: 'tcp',
        dest_port: '22',
        target: 'ACCEPT',
        enabled: '0',
      },
    },
  };
  if (hardware.wifi) {
    config.wireless = {
      radio0: {
        [SECTION_TYPE_KEY]: 'wifi-device',
        channel: 'auto',
        htmode: 'HT20',
        txpower: '20',
        country: 'LT',
      },
      default_radio0: {
        [SECTION_TYPE_KEY]: 'wifi-iface',
        device: 'radio0',
        network: 'lan',
        mode: 'ap',
        ssid: `RUT_${tail}_2G`,
        encryption: 'psk2',
        key: defaultWifiKey(serial),
      },
    };
  }
  return { ...config, ...firmwareSimConfig(model, serial, firmware) };
};
