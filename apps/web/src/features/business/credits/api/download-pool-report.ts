import { downloadFile } from '@/lib/download';
import { CREDITS_PATH } from './keys';

/** GET /credits/{id}/report: one pool's history as a PDF download (a failure shows as a toast). */
export const downloadPoolReport = (poolId: number) =>
  downloadFile(`${CREDITS_PATH}/${poolId}/report`, {
    filename: `credit-pool-report-${poolId}.pdf`,
  });
