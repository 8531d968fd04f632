import { DEVICE_FILTER_FIELDS, parseFieldFilters, parseSort } from '@netfleet/contracts';
import { and, asc, desc, inArray, type SQL } from 'drizzle-orm';
import { orderByFrom } from '@/db/list';
import { devices } from '@/db/schema';
import { SORTABLE } from './device-columns';
import { conditionOf, negated } from './device-filter-conditions';
import { deviceSearch } from './device-search';

export interface DeviceQuery {
  q?: string | undefined;
  'search-fields'?: string[] | undefined;
  id?: number[] | undefined;
  sort?: string | undefined;
}

/**
 * Scope (the ids of the companies the viewer sees, looked up first: a plain `company_id = any(...)`
 * costs half of joining companies on every row), `q`, `id` and every RMS field filter, as one WHERE.
 */
export const deviceWhere = (
  visibleCompanyIds: readonly number[],
  query: DeviceQuery,
  raw: Record<string, unknown>,
  now: Date = new Date(),
) => {
  const conditions: (SQL | undefined)[] = [inArray(devices.companyId, [...visibleCompanyIds])];
  if (query.q) conditions.push(deviceSearch(query.q, query['search-fields']));
  if (query.id?.length) conditions.push(inArray(devices.id, query.id));
  for (const filter of parseFieldFilters(raw, DEVICE_FILTER_FIELDS)) {
    conditions.push(negated(filter, conditionOf(filter, now)));
  }
  return and(...conditions);
};

/**
 * Whitelisted sort; the id tie-breaker keeps pages stable. It runs in the direction of the last
 * sort field so that one (column, id) index serves both directions.
 */
export const deviceOrderBy = (sort: string | undefined): SQL[] => {
  const fields = parseSort(sort);
  const last = fields[fields.length - 1];
  return [...orderByFrom(sort, SORTABLE, []), last?.desc ? desc(devices.id) : asc(devices.id)];
};
