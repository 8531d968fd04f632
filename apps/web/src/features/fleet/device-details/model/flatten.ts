// A reading's data as parameter rows for the history tab: nested lists and objects become dotted
// keys (modems.0.signal), values shown in their spec §9 units where the key says which.
import { formatBytes, MEASUREMENT_UNITS } from '@netfleet/contracts';
import { celsiusFromDeci, formatMeasurement, formatUptime } from '@/lib/format';
import { ioLevelLabel, relayLabel } from '@/lib/messages';

const BYTE_KEYS = new Set(['rx', 'tx', 'memory_free']);
const DBM_KEYS = new Set(['signal', 'rsrp']);

function display(key: string, value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (key === 'temperature')
      return formatMeasurement(celsiusFromDeci(value), MEASUREMENT_UNITS.temperature);
    if (DBM_KEYS.has(key)) return formatMeasurement(value, MEASUREMENT_UNITS.signal);
    if (BYTE_KEYS.has(key) && value >= 0) return formatBytes(value);
    if (key === 'uptime') return formatUptime(value);
    if (key === 'level' && path.startsWith('inputs.')) return ioLevelLabel(value);
    if (key === 'state' && path.startsWith('relays.')) return relayLabel(value);
  }
  return String(value);
}

export function flattenReading(data: unknown, prefix = ''): [string, string][] {
  if (data === null || typeof data !== 'object') return [[prefix, display(prefix, data, prefix)]];
  const entries = Array.isArray(data)
    ? data.map((value, index) => [String(index), value] as const)
    : Object.entries(data as Record<string, unknown>);
  return entries.flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') return flattenReading(value, path);
    return [[path, display(key, value, path)] as [string, string]];
  });
}
