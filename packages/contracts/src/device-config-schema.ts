import { deviceCapabilities, modelHardware } from './device-models.ts';
import { isDomain } from './validation.ts';

// The configuration schema: which configs a model holds, which section types each config has and
// what their options accept. Devices check every value against it before applying, and the server
// checks templates against it before anything is sent, so a typo fails before it reaches a device.

/** The device model a configuration belongs to (`RUTX11`; `LINUX`/`OPENWRT` for the agent). */
export type ConfigModel = string;

export type OptionSpec =
  | { kind: 'text'; min?: number; max: number; pattern?: RegExp; hint?: string }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'ipv4' }
  /** A domain name by spec §5: labels of 1-63 characters, no edge hyphens, a 2-6 letter top. */
  | { kind: 'domain' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'list'; of: OptionSpec; max: number };

const text = (max: number, min = 0): OptionSpec => ({ kind: 'text', min, max });
const integer = (min: number, max: number): OptionSpec => ({ kind: 'integer', min, max });
const bool: OptionSpec = { kind: 'boolean' };
const ipv4: OptionSpec = { kind: 'ipv4' };
const oneOf = (...values: string[]): OptionSpec => ({ kind: 'enum', values });
const domain: OptionSpec = { kind: 'domain' };
const hostname: OptionSpec = {
  kind: 'text',
  min: 1,
  max: 63,
  pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
  hint: 'letters, digits and hyphens, not at either end',
};

/** The Dynamic DNS providers a `ddns` service can name (ddns-scripts names); `custom`: update_url. */
export const DDNS_SERVICES = [
  'dyndns.org',
  'no-ip.com',
  'duckdns.org',
  'dynu.com',
  'freedns.afraid.org',
  'cloudflare.com-v4',
  'custom',
] as const;
/** How a `ddns` service learns the address it registers. */
export const DDNS_IP_SOURCES = ['network', 'interface', 'web'] as const;
/** Site blocking: only the listed domains (whitelist) or all but them (blacklist). */
export const WEBFILTER_MODES = ['whitelist', 'blacklist'] as const;
/** The most domains one site blocking list holds (a configuration value's list limit). */
export const WEBFILTER_DOMAINS_MAX = 64;

/** config → section type → option → what it accepts. */
export const CONFIG_SCHEMA: Readonly<Record<string, Record<string, Record<string, OptionSpec>>>> = {
  system: {
    system: {
      hostname,
      timezone: text(64),
      zonename: text(64),
      log_size: integer(16, 2048),
      log_ip: ipv4,
    },
  },
  network: {
    interface: {
      proto: oneOf('static', 'dhcp', 'none', 'wwan'),
      ipaddr: ipv4,
      netmask: ipv4,
      gateway: ipv4,
      dns: { kind: 'list', of: ipv4, max: 4 },
      metric: integer(0, 255),
      mtu: integer(576, 9000),
      disabled: bool,
    },
  },
  firewall: {
    defaults: {
      input: oneOf('ACCEPT', 'REJECT', 'DROP'),
      output: oneOf('ACCEPT', 'REJECT', 'DROP'),
      forward: oneOf('ACCEPT', 'REJECT', 'DROP'),
      syn_flood: bool,
    },
    rule: {
      name: text(64, 1),
      src: text(32),
      dest: text(32),
      proto: oneOf('tcp', 'udp', 'tcp udp', 'icmp', 'all'),
      dest_port: {
        kind: 'text',
        max: 11,
        pattern: /^\d{1,5}(?:-\d{1,5})?$/,
        hint: 'a port or a range',
      },
      target: oneOf('ACCEPT', 'REJECT', 'DROP'),
      enabled: bool,
    },
  },
  wireless: {
    'wifi-device': {
      channel: {
        kind: 'text',
        max: 4,
        pattern: /^(?:auto|\d{1,3})$/,
        hint: 'auto or a channel number',
      },
      htmode: oneOf('HT20', 'HT40', 'VHT20', 'VHT40', 'VHT80'),
      txpower: integer(0, 30),
      country: { kind: 'text', max: 2, pattern: /^[A-Z]{2}$/, hint: 'a two-letter country code' },
      disabled: bool,
    },
    'wifi-iface': {
      device: text(32, 1),
      network: text(32, 1),
      mode: oneOf('ap', 'sta'),
      ssid: text(32, 1),
      encryption: oneOf('none', 'psk2', 'psk-mixed', 'sae', 'sae-mixed'),
      key: text(63, 8),
      hidden: bool,
      disabled: bool,
    },
  },
  ddns: {
    service: {
      enabled: bool,
      service_name: oneOf(...DDNS_SERVICES),
      /** For `custom`: the provider's update address ([USERNAME], [PASSWORD], [DOMAIN], [IP]). */
      update_url: {
        kind: 'text',
        max: 255,
        pattern: /^https?:\/\/\S+$/,
        hint: 'an http:// or https:// address',
      },
      domain,
      username: text(64),
      password: text(128),
      ip_source: oneOf(...DDNS_IP_SOURCES),
      /** The network (ip_source network) or interface (ip_source interface) to take it from. */
      interface: text(32),
      use_https: bool,
      /** Minutes between address checks. */
      check_interval: integer(1, 1440),
      /** Hours after which the address is sent again even unchanged (0: never). */
      force_interval: integer(0, 720),
    },
  },
  webfilter: {
    webfilter: {
      enabled: bool,
      mode: oneOf(...WEBFILTER_MODES),
      domain: { kind: 'list', of: domain, max: WEBFILTER_DOMAINS_MAX },
    },
  },
  netfleet: {
    agent: {
      description: text(255),
      log_level: oneOf('debug', 'info', 'warn', 'error'),
      location: text(255),
    },
  },
};

const AGENT_MODELS = new Set(['LINUX', 'OPENWRT']);

/** A firmware newer than any released: what some firmware of a model can have. */
const NEWEST_FIRMWARE = '_R_00.99.99';

/**
 * The configs a model holds: a router's own (wireless when it has a radio; ddns and webfilter
 * when its firmware has them, spec §5 has_ddns / has_webfilter), or the agent's. Without a
 * firmware (undefined), what some firmware of the model holds; null is an unknown firmware.
 */
export const configsOfModel = (model: ConfigModel, firmware?: string | null): string[] => {
  const name = model.toUpperCase();
  if (AGENT_MODELS.has(name)) return ['netfleet'];
  const capabilities = deviceCapabilities(
    name,
    firmware === undefined ? NEWEST_FIRMWARE : firmware,
  );
  return [
    'system',
    'network',
    'firewall',
    ...(modelHardware(name).wifi ? ['wireless'] : []),
    ...(capabilities.has_ddns ? ['ddns'] : []),
    ...(capabilities.has_webfilter ? ['webfilter'] : []),
  ];
};

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const checkScalar = (spec: OptionSpec, value: string): string | null => {
  switch (spec.kind) {
    case 'text':
      if (value.length < (spec.min ?? 0)) return `At least ${spec.min} characters`;
      if (value.length > spec.max) return `At most ${spec.max} characters`;
      if (spec.pattern && !spec.pattern.test(value)) return `Use ${spec.hint ?? 'a valid value'}`;
      return null;
    case 'integer': {
      const number = Number(value);
      return /^-?\d+$/.test(value) && number >= spec.min && number <= spec.max
        ? null
        : `Use a whole number from ${spec.min} to ${spec.max}`;
    }
    case 'boolean':
      return value === '0' || value === '1' ? null : 'Use 0 or 1';
    case 'ipv4':
      return IPV4.test(value) ? null : 'Use an IPv4 address';
    case 'domain':
      return isDomain(value) ? null : 'Use a domain name such as example.com';
    case 'enum':
      return spec.values.includes(value) ? null : `Use one of: ${spec.values.join(', ')}`;
    case 'list':
      return 'Use a list';
  }
};

/** Why `value` does not fit the option (null when it does). */
export const checkOptionValue = (spec: OptionSpec, value: string | string[]): string | null => {
  if (spec.kind === 'list') {
    const items = Array.isArray(value) ? value : [value];
    if (items.length > spec.max) return `At most ${spec.max} entries`;
    for (const item of items) {
      const problem = checkScalar(spec.of, item);
      if (problem) return problem;
    }
    return null;
  }
  return Array.isArray(value) ? 'Use a single value, not a list' : checkScalar(spec, value);
};

/** Why an option cannot take a value in a model's config section type (null when it can). */
export const checkConfigOption = (
  model: ConfigModel,
  config: string,
  type: string,
  option: string,
  value: string | string[],
): string | null => {
  if (!configsOfModel(model).includes(config))
    return `The ${config} configuration is not on this model`;
  const types = CONFIG_SCHEMA[config] ?? {};
  const options = types[type];
  if (!options)
    return `Unknown section type ${type}; ${config} has ${Object.keys(types).join(', ')}`;
  const spec = options[option];
  if (!spec) return `Unknown option of ${config} ${type}`;
  return checkOptionValue(spec, value);
};

/** A problem of one template request, at its field (`template.0.request_data.ssid`). */
export interface TemplateProblem {
  source: string;
  message: string;
}

/**
 * What the schema says about a template's requests, before any device sees them: known configs
 * (on `model` when the template names one, with `firmware` when a device's is known), section
 * types for new sections, known options, and values each option accepts. A `put` names no type,
 * so its options are looked up in every section type of the config.
 */
export const templateProblems = (
  requests: readonly {
    path: string;
    method: string;
    request_data: Record<string, string | string[] | null>;
  }[],
  model: ConfigModel | null,
  firmware?: string | null,
): TemplateProblem[] =>
  requests.flatMap((request, index) => {
    const at = `template.${index}`;
    const config = /^\/([^/]+)/.exec(request.path)?.[1] ?? '';
    const types = CONFIG_SCHEMA[config];
    if (!types) return [{ source: `${at}.path`, message: `Unknown configuration ${config}` }];
    if (model && !configsOfModel(model).includes(config)) {
      return [{ source: `${at}.path`, message: `The ${config} configuration is not on ${model}` }];
    }
    if (model && firmware !== undefined && !configsOfModel(model, firmware).includes(config)) {
      const version = firmware ?? 'an unknown firmware';
      return [
        {
          source: `${at}.path`,
          message: `The ${config} configuration is not on ${model} with ${version}`,
        },
      ];
    }
    const type = request.request_data['.type'];
    if (request.method === 'post' && (typeof type !== 'string' || !types[type])) {
      return [
        {
          source: `${at}.request_data..type`,
          message: `Choose the section type: ${Object.keys(types).join(', ')}`,
        },
      ];
    }
    const candidates =
      typeof type === 'string' && types[type] ? [types[type]] : Object.values(types);
    return Object.entries(request.request_data).flatMap(([option, value]) => {
      if (option === '.type' || value === null) return [];
      const spec = candidates.map((options) => options[option]).find(Boolean);
      const source = `${at}.request_data.${option}`;
      if (!spec) return [{ source, message: `Unknown option of ${config}` }];
      const problem = checkOptionValue(spec, value);
      return problem ? [{ source, message: problem }] : [];
    });
  });
