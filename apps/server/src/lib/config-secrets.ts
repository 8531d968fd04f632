import {
  type ConfigChange,
  type ConfigRequest,
  type ConfigResult,
  type ConfigValue,
  type DeviceConfig,
  isSecretOption,
  SECRET_VALUE_MASK,
} from '@netfleet/contracts';

// A Wi-Fi key or a DDNS password goes to the device in its job, and the device's answer keeps it
// (a rollback puts it back), as does a template (applying it sends it); nothing the API answers or
// publishes shows it: reads, change lists, logs, job lists, status channels, templates and an
// action's requests carry SECRET_VALUE_MASK where a secret is set. Shared by the configurator and
// device jobs, which both show configuration requests and answers.

const masked = <T extends ConfigValue | null>(option: string, value: T): T | string =>
  value !== null && isSecretOption(option) ? SECRET_VALUE_MASK : value;

/** A section or a request's data with each secret option's value masked (a removal stays null). */
export const maskSection = <T extends ConfigValue | null>(
  section: Readonly<Record<string, T>>,
): Record<string, T | string> =>
  Object.fromEntries(
    Object.entries(section).map(([option, value]) => [option, masked(option, value)]),
  );

export const maskRequest = (request: ConfigRequest): ConfigRequest => ({
  ...request,
  request_data: maskSection(request.request_data),
});

/** A device's answer to one request, the section before and after it masked. */
export const maskResult = (result: ConfigResult): ConfigResult => ({
  ...result,
  before: result.before && maskSection(result.before),
  after: result.after && maskSection(result.after),
});

/** A change keeps saying that a secret changed (or was set or removed), never to what. */
export const maskChange = (change: ConfigChange): ConfigChange => ({
  ...change,
  before: masked(change.option, change.before),
  after: masked(change.option, change.after),
});

export const maskConfig = (config: DeviceConfig): DeviceConfig =>
  Object.fromEntries(
    Object.entries(config).map(([name, file]) => [
      name,
      Object.fromEntries(
        Object.entries(file).map(([section, options]) => [section, maskSection(options)]),
      ),
    ]),
  );

/** Where a request sent back a secret's mask with no stored value behind it. */
export interface UnknownSecret {
  index: number;
  option: string;
}

/**
 * Requests edited from their masked copy (a template's), with each secret still masked replaced
 * by the stored value of the same option of the same path (the request at the same place first,
 * as requests may repeat a path). A mask with nothing behind it is `unknown`: storing the mask
 * would send it to devices as the secret.
 */
export const unmaskRequests = (
  requests: readonly ConfigRequest[],
  stored: readonly ConfigRequest[],
): { requests: ConfigRequest[]; unknown: UnknownSecret | null } => {
  let unknown: UnknownSecret | null = null;
  const storedValue = (index: number, path: string, option: string) => {
    const candidates = [stored[index], ...stored].filter((request) => request?.path === path);
    for (const request of candidates) {
      const value = request?.request_data[option];
      if (value !== undefined && value !== null && value !== SECRET_VALUE_MASK) return value;
    }
    return undefined;
  };
  const unmasked = requests.map((request, index) => ({
    ...request,
    request_data: Object.fromEntries(
      Object.entries(request.request_data).map(([option, value]) => {
        if (value !== SECRET_VALUE_MASK || !isSecretOption(option)) return [option, value];
        const kept = storedValue(index, request.path, option);
        if (kept === undefined) unknown ??= { index, option };
        return [option, kept ?? value];
      }),
    ),
  }));
  return { requests: unmasked, unknown };
};
