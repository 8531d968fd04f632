import { useQuery } from '@tanstack/react-query';
import type { QuickConnectBody, VpnProfile, VpnProfileDownload } from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { hubApiPath, vpnKeys } from './keys';

/** Enough for a quick hub's profiles; older downloads are in the connection logs' era anyway. */
const DOWNLOADS_LIMIT = 100;

/** POST /vpn/hubs/{id}/quick-connect: a ready profile, the caller's unless a user is named. */
export function createProfile(
  hubId: number,
  body: Partial<QuickConnectBody>,
): Promise<ApiResponse<VpnProfile>> {
  return api.post<VpnProfile>(`${hubApiPath(hubId)}/quick-connect`, { body });
}

/** GET /vpn/hubs/{id}/downloads: who downloaded the hub's profiles, newest first. */
export function useProfileDownloads(hubId: number) {
  return useQuery({
    queryKey: vpnKeys.downloads(hubId),
    queryFn: async ({ signal }) =>
      (
        await api.get<VpnProfileDownload[]>(`${hubApiPath(hubId)}/downloads`, {
          query: { limit: DOWNLOADS_LIMIT },
          signal,
        })
      ).data,
  });
}
