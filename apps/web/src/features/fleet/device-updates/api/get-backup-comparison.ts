import { useQuery } from '@tanstack/react-query';
import type { BackupComparison } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceUpdatesKeys, FILES_PATH } from './keys';

export type BackupFileChange = BackupComparison['files'][number];

/** What changed from the older backup to the newer one, option by option and file by file. */
export function useBackupComparison(older: number, newer: number) {
  return useQuery({
    queryKey: deviceUpdatesKeys.comparison(older, newer),
    queryFn: async ({ signal }) =>
      (
        await api.get<BackupComparison>(`${FILES_PATH}/backups/compare`, {
          query: { a: older, b: newer },
          signal,
        })
      ).data,
  });
}
