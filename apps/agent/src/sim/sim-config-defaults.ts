import { SECTION_TYPE_KEY, modelHardware, type DeviceConfig } from '@netfleet/contracts';
import { Rng, hashString } from './random.ts';

// A simulated router's factory configuration, as RutOS ships it, trimmed to the options the
// contracts' configuration schema knows (every value here must pass it).

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** The Wi-Fi key printed on the device's label: 10 characters, fixed by its serial number. */
export const defaultWifiKey = (serial: string): string => {
  const rng = new Rng(hashString(`wifi-key/${serial}`));
  return Array.from({ length: 10 }, () => rng.pick([...KEY_ALPHABET])).join('');
};

/** The configuration a model's device starts with (system, network, firewall, wireless). */
export const defaultSimConfig = (model: string, serial: string): DeviceConfig => {
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
  return config;
};
