import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VpnDataUsage } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { hubApiPath, vpnKeys } from './keys';

const DAY_MS = 86_400_000;

/** The API's day (`YYYY-MM-DD`, UTC) `days - 1` days before today: the range ends today. */
export const firstDay = (days: number, now: number = Date.now()): string =>
  new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10);

/** GET /vpn/hubs/{id}/data-usage: bytes per day over the last `days`, the hub's or one client's. */
export function useDataUsage(hubId: number, days: number, clientId: number | null) {
  return useQuery({
    queryKey: vpnKeys.usage(hubId, days, clientId),
    queryFn: async ({ signal }) =>
      (
        await api.get<VpnDataUsage>(`${hubApiPath(hubId)}/data-usage`, {
          query: { start_date: firstDay(days), vpn_hub_user_id: clientId ?? undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
