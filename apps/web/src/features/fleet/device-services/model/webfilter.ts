import {
  isDomain,
  SECTION_TYPE_KEY,
  WEBFILTER_DOMAINS_MAX,
  WEBFILTER_MODES,
  type ConfigFile,
} from '@netfleet/contracts';
import type { ServiceRequest } from '../api/configure';
import { SERVICES_TEXTS as T } from '../texts';

export const WEBFILTER_CONFIG = 'webfilter';
/** The section a device without one gets (RutOS keeps one). */
export const WEBFILTER_SECTION = 'general';

export type WebfilterMode = (typeof WEBFILTER_MODES)[number];

export interface WebfilterValues {
  /** The device's webfilter section; null when it has none yet. */
  section: string | null;
  enabled: boolean;
  mode: WebfilterMode;
  /** One domain per line, as typed. */
  domains: string;
}

const isMode = (value: unknown): value is WebfilterMode =>
  (WEBFILTER_MODES as readonly unknown[]).includes(value);

/** The form's values from the device's webfilter config (its first webfilter section). */
export function webfilterOf(file: ConfigFile): WebfilterValues {
  const entry = Object.entries(file).find(
    ([, section]) => section[SECTION_TYPE_KEY] === 'webfilter',
  );
  if (!entry) return { section: null, enabled: false, mode: 'blacklist', domains: '' };
  const [name, section] = entry;
  const list = section.domain;
  return {
    section: name,
    enabled: section.enabled === '1',
    mode: isMode(section.mode) ? section.mode : 'blacklist',
    domains: (Array.isArray(list) ? list : list ? [list] : []).join('\n'),
  };
}

/** The domains of the text: one per line, blank lines left out. */
export const domainLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What is wrong with the domains (the first bad line, or too many); null when nothing. */
export function domainsError(text: string): string | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const bad = lines.findIndex((line) => line !== '' && !isDomain(line));
  if (bad >= 0) return T.badDomainLine(bad + 1, lines[bad] ?? '');
  if (domainLines(text).length > WEBFILTER_DOMAINS_MAX) {
    return T.tooManyDomains(WEBFILTER_DOMAINS_MAX);
  }
  return null;
}

/** The request that makes the device's site blocking what the form says. */
export function webfilterRequest(values: WebfilterValues): ServiceRequest {
  const domains = [...new Set(domainLines(values.domains))];
  const options = {
    enabled: values.enabled ? '1' : '0',
    mode: values.mode,
  };
  if (values.section === null) {
    return {
      path: `/${WEBFILTER_CONFIG}/${WEBFILTER_SECTION}`,
      method: 'post',
      request_data: {
        [SECTION_TYPE_KEY]: 'webfilter',
        ...options,
        ...(domains.length > 0 ? { domain: domains } : {}),
      },
    };
  }
  return {
    path: `/${WEBFILTER_CONFIG}/${values.section}`,
    method: 'put',
    request_data: { ...options, domain: domains.length > 0 ? domains : null },
  };
}
