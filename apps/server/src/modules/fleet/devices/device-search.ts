import type { DEVICE_SEARCH_FIELDS } from '@netfleet/contracts';
import { ilike, inArray, or, type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '@/db/list';
import { knownNames } from '@/lib/query-fields';
import { deviceSearch as searchTerms, devices } from '@/db/schema';

type Field = (typeof DEVICE_SEARCH_FIELDS)[number];

const contains = (column: AnyColumn) => (q: string) => ilike(column, containsPattern(q));

/**
 * MACs are stored 00:1E:42:AB:CD:EF, and every device of a vendor shares the first three octets:
 * pg_trgm splits words at the colons, so "1E:42:01:E2" would look up the trigrams of "1e", "42",
 * … that every MAC has. The hex digits alone (device_search.mac_hex) make trigrams that pick out
 * the few matching devices, and also find "1e4201e2" or "1E-42-01".
 */
const macSearch = (q: string) => {
  const hex = q.replace(/[\s:.-]/g, '');
  return hex ? ilike(searchTerms.macHex, containsPattern(hex)) : undefined;
};

/** The identifiers, searched in device_search (db/schema/devices.ts) through its trigram indexes. */
const IDENTIFIERS: Partial<Record<Field, (q: string) => SQL | undefined>> = {
  name: contains(searchTerms.name),
  serial: contains(searchTerms.serial),
  mac: macSearch,
  imei: contains(searchTerms.imei),
};

/** Columns of the devices row itself: few distinct values, and each has its own filter. */
const ATTRIBUTES: Partial<Record<Field, (q: string) => SQL | undefined>> = {
  model: contains(devices.model),
  firmware: contains(devices.firmware),
  operator: contains(devices.operator),
};

/**
 * What `q` searches when the caller names no fields: the identifiers people type. Model, firmware
 * and operator have their own filters, and each extra column is another substring scan.
 */
const DEFAULT_SEARCH_FIELDS: Field[] = ['name', 'serial', 'mac', 'imei'];

const SEARCHABLE = [...Object.keys(IDENTIFIERS), ...Object.keys(ATTRIBUTES)];

/** `q` (case-insensitive substring, LIKE wildcards literal) over the chosen search fields. */
export const deviceSearch = (q: string, fields: string[] | undefined): SQL => {
  const chosen = fields?.length
    ? knownNames(fields, SEARCHABLE, 'search-fields')
    : DEFAULT_SEARCH_FIELDS;
  const identifiers = or(...chosen.map((field) => IDENTIFIERS[field as Field]?.(q)));
  const matching = identifiers
    ? inArray(
        devices.id,
        sql`(select ${searchTerms.deviceId} from ${searchTerms} where ${identifiers})`,
      )
    : undefined;
  const attributes = chosen.map((field) => ATTRIBUTES[field as Field]?.(q));
  // A q of separators alone ("--") searches no MAC; with no field left it matches nothing.
  return or(matching, ...attributes) ?? sql`false`;
};
