import {
  COMPANY_MESSAGES,
  DEVICE_STATISTIC_CHARTS,
  type DeviceStatisticChart,
  type DeviceStatistics,
  ERROR_CODES,
  ONLINE_STATISTICS_MAX_DAYS,
  type OnlineCompany,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { Range } from './device-info.repository';
import { type DeviceQuery, deviceWhere } from './device-query';
import type { DeviceStatsRepository, OnlineCompanyCount } from './device-stats.repository';
import type { DevicesRepository } from './devices.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The company and, below it, its subsidiaries among `counts` (each with its own devices). */
const companyTree = (rootId: number, counts: OnlineCompanyCount[]): OnlineCompany[] => {
  const children = new Map<number | null, OnlineCompanyCount[]>();
  for (const row of counts) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const node = (row: OnlineCompanyCount): OnlineCompany => ({
    company_id: row.id,
    company_name: row.name,
    devices: { online: row.online, offline: row.total - row.online },
    sub_companies: (children.get(row.id) ?? []).map(node),
  });
  const root = counts.find((row) => row.id === rootId);
  return root ? [node(root)] : [];
};

interface Deps {
  devicesRepository: Pick<DevicesRepository, 'scopeOf'>;
  deviceStatsRepository: DeviceStatsRepository;
  now: () => Date;
}

/** Device counts per chart and online devices over time, of the companies the caller sees. */
export const createDeviceStatisticsService = ({
  devicesRepository,
  deviceStatsRepository: stats,
  now,
}: Deps) => ({
  /**
   * Counts per chart under the same filters as GET /devices; `charts` picks which (all by
   * default). RMS's shape: `{chart: {value: count}}`, devices without a value under `unknown`.
   * Each chart holds one page of its values (`limit`, `offset`), most common first; `total` is
   * the most values any of the charts has.
   */
  async statistics(
    auth: AuthContext,
    query: DeviceQuery & {
      charts?: DeviceStatisticChart[] | undefined;
      limit: number;
      offset: number;
    },
    raw: Record<string, unknown>,
  ) {
    const charts = query.charts?.length ? query.charts : [...DEVICE_STATISTIC_CHARTS];
    const at = now();
    const where = deviceWhere(await devicesRepository.scopeOf(auth), query, raw, at);
    const page = { limit: query.limit, offset: query.offset };
    const data: DeviceStatistics = {};
    let total = 0;
    for (const chart of new Set(charts)) {
      const { rows, values } = await stats.countBy(chart, where, at, page);
      data[chart] = Object.fromEntries(rows.map((row) => [row.value, row.count]));
      total = Math.max(total, values);
    }
    return { data, total };
  },

  async online(
    auth: AuthContext,
    query: { company_id?: number | undefined; include_child_companies: boolean },
    range: Range,
  ) {
    if (range.to.getTime() - range.from.getTime() > ONLINE_STATISTICS_MAX_DAYS * DAY_MS) {
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        `The range can be at most ${ONLINE_STATISTICS_MAX_DAYS} days`,
        'start_date',
      );
    }
    const company = await stats.visibleCompany(auth, query.company_id ?? auth.company.id);
    if (!company) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    }
    const withChildren = query.include_child_companies;
    const [rows, counts] = await Promise.all([
      stats.online(auth, company, withChildren, range),
      stats.onlineByCompany(auth, company, withChildren, range),
    ]);
    return {
      query_period: { start_date: iso(range.from), end_date: iso(range.to) },
      companies: companyTree(company.id, counts),
      samples: rows.map((row) => ({
        datetime: iso(row.at),
        online: row.online,
        total: row.total,
      })),
    };
  },
});
