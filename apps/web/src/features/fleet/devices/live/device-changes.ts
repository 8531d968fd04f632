// Pure logic of the live list (spec: live status and metric updates without reloading): which
// changes patch the cached pages in place, and which could move a row into, out of or within the
// current page so that the list must be fetched again.
import {
  DEVICE_STATUSES,
  LIVE_DEVICE_FIELDS,
  parseSort,
  type DeviceChange,
  type LiveDeviceField,
} from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';
import type { DeviceRow, DevicesPage } from '../api/get-devices';

const LIVE = new Set<string>(LIVE_DEVICE_FIELDS);
const isLive = (field: string): field is LiveDeviceField => LIVE.has(field);

/** The newest change per device; a later entry's fields win over an earlier one's. */
export function changesById(changes: readonly DeviceChange[]): Map<number, DeviceChange> {
  const byId = new Map<number, DeviceChange>();
  for (const change of changes) byId.set(change.id, { ...byId.get(change.id), ...change });
  return byId;
}

/** The live fields a change carries (company_id is identity, not a patchable reading). */
const changedFields = (change: DeviceChange): LiveDeviceField[] =>
  Object.keys(change).filter(isLive);

/** A row with the change applied; the same row when nothing in it differs. */
export function patchRow(row: DeviceRow, change: DeviceChange): DeviceRow {
  let next: DeviceRow | null = null;
  for (const field of changedFields(change)) {
    if (row[field] === change[field]) continue;
    next ??= { ...row };
    (next as Record<string, unknown>)[field] = change[field];
  }
  return next ?? row;
}

/** The page with its changed rows patched; the same page (no re-render) when none changed. */
export function patchPage(
  page: DevicesPage | undefined,
  changes: ReadonlyMap<number, DeviceChange>,
): DevicesPage | undefined {
  if (!page) return page;
  let changed = false;
  const rows = page.rows.map((row) => {
    const change = changes.get(row.id);
    const next = change ? patchRow(row, change) : row;
    if (next !== row) changed = true;
    return next;
  });
  return changed ? { ...page, rows } : page;
}

const RANGE = /^(-?\d*)\.\.(-?\d*)$/;

/** RMS's status filter names (and netfleet's `pending`) over the status codes, as the server reads them. */
const STATUS_NAMES: Record<string, number[]> = {
  online: [DEVICE_STATUSES.online],
  offline: [DEVICE_STATUSES.offline],
  pending: [DEVICE_STATUSES.pending],
  not_activated: [DEVICE_STATUSES.pending, DEVICE_STATUSES.notActivated],
};

/**
 * Whether a value passes one filter parameter as GET /devices reads it (`a,b`, `min..max`, RMS
 * status names).
 */
export function matchesFilter(filter: string, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return filter.split(',').some((part) => {
    const codes = STATUS_NAMES[part.trim()];
    if (codes) return codes.includes(Number(value));
    const range = RANGE.exec(part.trim());
    if (!range) return String(value) === part.trim();
    const number = Number(value);
    const [, low, high] = range;
    return (!low || number >= Number(low)) && (!high || number <= Number(high));
  });
}

/** The filters of the query on live fields (a status or signal filter, not a model one). */
const liveFilters = (query: TableQuery): [LiveDeviceField, string][] =>
  Object.entries(query.filters).filter((entry): entry is [LiveDeviceField, string] =>
    isLive(entry[0]),
  );

const narrowed = (query: TableQuery) => Boolean(query.q) || Object.keys(query.filters).length > 0;

/**
 * True when a change could alter which rows the current query shows, or their order:
 * - a listed device was deleted, or moved to another company, or left or entered a live filter (status, signal…);
 * - a device's value of the sorted field changed;
 * - a device not listed anywhere gained a status (added, moved in) while the list is unfiltered,
 *   or now passes the query's live filters, or changed the sorted field.
 * Readings of unlisted devices that can neither filter nor sort them in are left alone, so a busy
 * fleet does not refetch the page for every heartbeat.
 */
export function needsRefetch(
  query: TableQuery,
  changes: Iterable<DeviceChange>,
  cachedRow: (id: number) => DeviceRow | undefined,
): boolean {
  const filters = liveFilters(query);
  const sorted = new Set(parseSort(query.sort).map((field) => field.field));
  for (const change of changes) {
    const fields = changedFields(change);
    const row = cachedRow(change.id);
    // A listed device was deleted: the page must close the gap (and its total shrinks).
    if (change.removed && row) return true;
    const sortTouched = fields.some(
      (field) => sorted.has(field) && (!row || row[field] !== change[field]),
    );
    if (sortTouched) return true;
    if (row) {
      if (row.company_id !== undefined && row.company_id !== change.company_id) return true;
      const leftOrEntered = filters.some(
        ([field, filter]) =>
          field in change &&
          matchesFilter(filter, row[field]) !== matchesFilter(filter, change[field]),
      );
      if (leftOrEntered) return true;
      continue;
    }
    const carried = filters.filter(([field]) => field in change);
    if (
      carried.length > 0 &&
      carried.every(([field, filter]) => matchesFilter(filter, change[field]))
    )
      return true;
    if (!narrowed(query) && 'status' in change) return true;
  }
  return false;
}
