import type { DEVICE_SEARCH_FIELDS } from '@netfleet/contracts';
import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern } from '@/db/list';
import { devices } from '@/db/schema';
import { badFilter } from './device-filter-conditions';

const contains = (column: AnyColumn) => (q: string) => ilike(column, containsPattern(q));

/**
 * MACs are stored 00:1E:42:AB:CD:EF, and every device of a vendor shares the first three octets:
 * pg_trgm splits words at the colons, so "1E:42:01:E2" would look up the trigrams of "1e", "42",
 * … that every MAC has. The hex digits alone (the devices_mac_hex_trgm_idx expression) make
 * trigrams that pick out the few matching devices, and also find "1e4201e2" or "1E-42-01".
 */
const macSearch = (q: string) => {
  const hex = q.replace(/[\s:.-]/g, '');
  return hex ? ilike(sql`replace(${devices.mac}, ':', '')`, containsPattern(hex)) : undefined;
};

const SEARCHABLE: Record<(typeof DEVICE_SEARCH_FIELDS)[number], (q: string) => SQL | undefined> = {
  name: contains(devices.name),
  serial: contains(devices.serial),
  mac: macSearch,
  imei: contains(devices.imei),
  model: contains(devices.model),
  firmware: contains(devices.firmware),
  operator: contains(devices.operator),
};

/**
 * What `q` searches when the caller names no fields: the identifiers people type. Model, firmware
 * and operator have their own filters, and each extra column is another substring scan.
 */
const DEFAULT_SEARCH_FIELDS = ['name', 'serial', 'mac', 'imei'];

/** `q` (case-insensitive substring, LIKE wildcards literal) over the chosen search fields. */
export const deviceSearch = (q: string, fields: string[] | undefined): SQL => {
  const chosen = fields?.length ? fields : DEFAULT_SEARCH_FIELDS;
  const unknown = chosen.find((field) => !Object.hasOwn(SEARCHABLE, field));
  if (unknown !== undefined) {
    const known = Object.keys(SEARCHABLE).join(', ');
    throw badFilter('search-fields', `Cannot search by ${unknown}; searchable fields: ${known}`);
  }
  const conditions = chosen.map((field) => SEARCHABLE[field as keyof typeof SEARCHABLE](q));
  // A q of separators alone ("--") searches no MAC; with no field left it matches nothing.
  return or(...conditions) ?? sql`false`;
};
