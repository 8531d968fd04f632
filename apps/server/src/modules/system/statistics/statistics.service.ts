import {
  COMPANY_MESSAGES,
  ERROR_CODES,
  type MonthStatistic,
  STATISTICS_MAX_PERIODS,
  STATISTICS_MESSAGES,
  type StatisticsInterval,
  type StatisticsRangeQuery,
  type UniqueDevicesQuery,
  type UniqueDevicesSample,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { Bucketing, Range, StatisticsRepository } from './statistics.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without start_date: the last 12 months, or the last 30 days. */
const DEFAULT_MONTHS = 12;
const DEFAULT_DAYS = 30;

const invalid = (message: string, source: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, source);

/** An upper bound of the periods in the range (a time zone shifts it by at most one). */
const periodsIn = ({ from, to }: Range, interval: StatisticsInterval) =>
  interval === 'day'
    ? Math.floor((to.getTime() - from.getTime()) / DAY_MS) + 2
    : (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
      (to.getUTCMonth() - from.getUTCMonth()) +
      2;

const rangeOf = (query: StatisticsRangeQuery, interval: StatisticsInterval, now: Date): Range => {
  const to = query.end_date ?? now;
  let from = query.start_date;
  if (!from) {
    from = new Date(to);
    if (interval === 'month') from.setUTCMonth(from.getUTCMonth() - (DEFAULT_MONTHS - 1));
    else from.setTime(to.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  }
  if (from > to) throw invalid('start_date is after end_date', 'start_date');
  if (periodsIn({ from, to }, interval) > STATISTICS_MAX_PERIODS) {
    throw invalid(STATISTICS_MESSAGES.tooManyPeriods, 'start_date');
  }
  return { from, to };
};

const countsByPeriod = (rows: readonly { period: string; count: number }[]) =>
  new Map(rows.map((row) => [row.period, row.count]));

interface Deps {
  statisticsRepository: StatisticsRepository;
  now: () => Date;
}

/** Aggregates over the devices of a company (and subsidiaries) the caller sees. */
export const createStatisticsService = ({ statisticsRepository: repo, now }: Deps) => {
  const scopeOf = async (auth: AuthContext, query: StatisticsRangeQuery) => {
    const company = await repo.visibleCompany(auth, query.company_id ?? auth.company.id);
    if (!company) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    }
    return { company, withChildren: query.include_child_companies };
  };

  return {
    /** Devices added and devices connected, per month of the range. */
    async months(auth: AuthContext, query: StatisticsRangeQuery): Promise<MonthStatistic[]> {
      const range = rangeOf(query, 'month', now());
      const scope = await scopeOf(auth, query);
      const bucketing: Bucketing = { interval: 'month', timeZone: query.timezone };
      const periods = await repo.periods(range, bucketing);
      const added = countsByPeriod(await repo.added(auth, scope, range, bucketing));
      const connected = countsByPeriod(await repo.connected(auth, scope, range, bucketing));
      return periods.map((month) => ({
        month,
        added: added.get(month) ?? 0,
        connected: connected.get(month) ?? 0,
      }));
    },

    /** Distinct devices that connected, per day or month of the range. */
    async unique(auth: AuthContext, query: UniqueDevicesQuery): Promise<UniqueDevicesSample[]> {
      const range = rangeOf(query, query.interval, now());
      const scope = await scopeOf(auth, query);
      const bucketing: Bucketing = { interval: query.interval, timeZone: query.timezone };
      const periods = await repo.periods(range, bucketing);
      const connected = countsByPeriod(await repo.connected(auth, scope, range, bucketing));
      return periods.map((period) => ({ period, devices: connected.get(period) ?? 0 }));
    },
  };
};

export type StatisticsService = ReturnType<typeof createStatisticsService>;
