import {
  CONFIG_SCHEMA,
  DDNS_IP_SOURCES,
  DDNS_SERVICES,
  isDomain,
  SECTION_TYPE_KEY,
  type ConfigFile,
  type ConfigValue,
} from '@netfleet/contracts';
import type { ServiceRequest } from '../api/configure';
import { SERVICES_TEXTS as T } from '../texts';

export const DDNS_CONFIG = 'ddns';

/** A `service` section of the ddns config, as the form edits it (UCI values are text). */
export interface DdnsService {
  /** The section's name; null for a new service. */
  section: string | null;
  enabled: boolean;
  service_name: string;
  update_url: string;
  domain: string;
  username: string;
  password: string;
  ip_source: string;
  interface: string;
  check_interval: string;
  /**
   * The device has a password for the service. The API never reads it back (it answers a mask),
   * so the form starts empty and, left empty, keeps the device's password as it is.
   */
  passwordSet: boolean;
}

export type DdnsField = Exclude<keyof DdnsService, 'section' | 'enabled' | 'passwordSet'>;
export const DDNS_FIELDS: readonly DdnsField[] = [
  'service_name',
  'update_url',
  'domain',
  'username',
  'password',
  'ip_source',
  'interface',
  'check_interval',
];

const text = (value: ConfigValue | undefined): string => (typeof value === 'string' ? value : '');

export const NEW_SERVICE: DdnsService = {
  section: null,
  enabled: true,
  service_name: DDNS_SERVICES[0],
  update_url: '',
  domain: '',
  username: '',
  password: '',
  ip_source: DDNS_IP_SOURCES[0],
  interface: 'wan',
  check_interval: '10',
  passwordSet: false,
};

/** The services of a device's ddns config, in its order. */
export const servicesOf = (file: ConfigFile): DdnsService[] =>
  Object.entries(file)
    .filter(([, section]) => section[SECTION_TYPE_KEY] === 'service')
    .map(([name, section]) => ({
      section: name,
      enabled: section.enabled === '1',
      service_name: text(section.service_name) || NEW_SERVICE.service_name,
      update_url: text(section.update_url),
      domain: text(section.domain),
      username: text(section.username),
      password: '',
      ip_source: text(section.ip_source) || NEW_SERVICE.ip_source,
      interface: text(section.interface),
      check_interval: text(section.check_interval),
      passwordSet: text(section.password) !== '',
    }));

/** A free section name for a new service: ddns_1, ddns_2 … */
export const newSectionName = (file: ConfigFile): string => {
  let index = 1;
  while (`ddns_${index}` in file) index += 1;
  return `ddns_${index}`;
};

const SPEC = CONFIG_SCHEMA.ddns?.service ?? {};
const maxOf = (option: string): number => {
  const spec = SPEC[option];
  return spec?.kind === 'text' ? spec.max : 255;
};
const INTERVAL =
  SPEC.check_interval?.kind === 'integer' ? SPEC.check_interval : { min: 1, max: 1440 };
const URL_PATTERN = /^https?:\/\/\S+$/;

/** What is wrong with the form, field by field (empty when it can be sent). */
export function serviceErrors(values: DdnsService): Partial<Record<DdnsField, string>> {
  const errors: Partial<Record<DdnsField, string>> = {};
  const domain = values.domain.trim();
  if (domain === '') errors.domain = T.required;
  else if (!isDomain(domain)) errors.domain = T.badDomain;
  if (values.service_name === 'custom') {
    const url = values.update_url.trim();
    if (url === '') errors.update_url = T.required;
    else if (!URL_PATTERN.test(url) || url.length > maxOf('update_url'))
      errors.update_url = T.badUrl;
  }
  for (const field of ['username', 'password', 'interface'] as const) {
    if (values[field].length > maxOf(field)) errors[field] = T.tooLong(maxOf(field));
  }
  const interval = values.check_interval.trim();
  const minutes = Number(interval);
  if (
    interval !== '' &&
    (!/^\d+$/.test(interval) || minutes < INTERVAL.min || minutes > INTERVAL.max)
  ) {
    errors.check_interval = T.badInterval(INTERVAL.min, INTERVAL.max);
  }
  return errors;
}

/**
 * The request that saves the service: a new one is created (`post` with its type), an existing
 * one changed with every option (an emptied one removed), so the section ends up as the form;
 * only a password left empty is not sent, so the device keeps the one it has.
 */
export function serviceRequest(values: DdnsService, file: ConfigFile): ServiceRequest {
  const options: Record<string, string | null> = {
    enabled: values.enabled ? '1' : '0',
    service_name: values.service_name,
    update_url: values.service_name === 'custom' ? values.update_url.trim() : '',
    domain: values.domain.trim(),
    username: values.username,
    password: values.password,
    ip_source: values.ip_source,
    interface: values.interface.trim(),
    check_interval: values.check_interval.trim(),
  };
  if (values.section === null) {
    const data = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== ''));
    return {
      path: `/${DDNS_CONFIG}/${newSectionName(file)}`,
      method: 'post',
      request_data: { [SECTION_TYPE_KEY]: 'service', ...data },
    };
  }
  const kept = values.passwordSet && values.password === '' ? 'password' : null;
  return {
    path: `/${DDNS_CONFIG}/${values.section}`,
    method: 'put',
    request_data: Object.fromEntries(
      Object.entries(options)
        .filter(([option]) => option !== kept)
        .map(([option, value]) => [option, value === '' ? null : value]),
    ),
  };
}

/** Switches one service on or off. */
export const toggleRequest = (section: string, enabled: boolean): ServiceRequest => ({
  path: `/${DDNS_CONFIG}/${section}`,
  method: 'put',
  request_data: { enabled: enabled ? '1' : '0' },
});

export const removeRequest = (section: string): ServiceRequest => ({
  path: `/${DDNS_CONFIG}/${section}`,
  method: 'delete',
});
