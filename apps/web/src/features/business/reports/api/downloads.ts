import { downloadFile } from '@/lib/download';
import { CREDIT_REPORT_PATH, generatedReportApiPath, type CreditReportRequest } from './keys';

/**
 * GET /reports/generated/{id}/pdf or /csv as a browser download (named by the server's
 * Content-Disposition); a failure shows as a toast.
 */
export const downloadGeneratedReport = (id: number, format: 'pdf' | 'csv') =>
  downloadFile(`${generatedReportApiPath(id)}/${format}`, { filename: `report-${id}.${format}` });

/** GET /credits/report: the credit report as a PDF. */
export const downloadCreditReport = (request: CreditReportRequest) =>
  downloadFile(CREDIT_REPORT_PATH, {
    query: { ...request },
    filename: 'credit-report.pdf',
  });
