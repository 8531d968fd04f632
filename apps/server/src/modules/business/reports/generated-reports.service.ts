import {
  ERROR_CODES,
  REPORT_MESSAGES,
  type GeneratedReportDetail,
  type GeneratedReportListQuery,
  type UpdateGeneratedReportBody,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { GeneratedReportsRepository } from './generated-reports.repository';
import { reportFileName } from './report-generator';
import { toGenerated } from './report-mappers';

const notFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, REPORT_MESSAGES.generatedNotFound);

/** The MAC of the device holding an extreme (RMS's meta of a generated report). */
const macOf = (extreme: { mac: string | null } | null) => extreme?.mac ?? null;

/** Generated reports: read, renamed, deleted, downloaded (RMS /reports/generated). */
export const createGeneratedReportsService = ({
  generated,
}: {
  generated: GeneratedReportsRepository;
}) => {
  const load = async (auth: AuthContext, id: number) => {
    const row = await generated.find(auth, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(auth: AuthContext, query: GeneratedReportListQuery) {
      const { rows, total } = await generated.list(auth, query);
      return { data: rows.map(toGenerated), total };
    },

    async get(auth: AuthContext, id: number) {
      const row = await load(auth, id);
      const data: GeneratedReportDetail = { ...row.data, report: toGenerated(row) };
      const meta = {
        max_router_uptime: macOf(row.data.all.max_router_uptime),
        max_connection_uptime: macOf(row.data.all.max_connection_uptime),
      };
      return { data, meta };
    },

    async update(auth: AuthContext, id: number, body: UpdateGeneratedReportBody) {
      await load(auth, id);
      await generated.update(id, {
        ...(body.name ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      });
      return toGenerated(await load(auth, id));
    },

    async remove(auth: AuthContext, id: number) {
      await load(auth, id);
      await generated.delete(id);
    },

    /** The stored PDF or CSV and the name to save it under. */
    async file(auth: AuthContext, id: number, kind: 'pdf' | 'csv') {
      const file = await generated.file(auth, id, kind);
      if (!file) throw notFound();
      return {
        name: reportFileName(file.name, file.periodStart, file.timeZone, kind),
        content: file.content,
      };
    },
  };
};

export type GeneratedReportsService = ReturnType<typeof createGeneratedReportsService>;
