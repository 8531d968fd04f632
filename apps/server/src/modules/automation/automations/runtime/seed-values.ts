import {
  type AutomationValues,
  automationValuesOf,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';

const isCategory = (key: string): key is TelemetryCategory =>
  (TELEMETRY_CATEGORIES as readonly string[]).includes(key);

/**
 * A device's parameter values from its stored latest readings (`devices.info`: each category's
 * last reading as the device sent it, as JSON text or object). A reading that no longer reads
 * (an older shape) gives nothing: its alerts wait for the next reading.
 */
export const valuesFromInfo = (info: Record<string, unknown>): AutomationValues => {
  const values: AutomationValues = {};
  for (const [category, stored] of Object.entries(info)) {
    if (!isCategory(category)) continue;
    try {
      const data: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
      if (data && typeof data === 'object')
        Object.assign(values, automationValuesOf(category, data as never));
    } catch {
      // Unreadable: unknown, as if never read.
    }
  }
  return values;
};
