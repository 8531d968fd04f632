import { REPORT_DESCRIPTION_MAX_LENGTH, REPORT_NAME_MAX_LENGTH } from '@netfleet/contracts';
import type { FormDefinition } from '@/components/schema-form';
import { getGeneratedReport } from '../api/get-generated-report';
import { generatedReportApiPath, reportsKeys } from '../api/keys';
import { REPORT_TEXTS as T } from '../texts';

/** PUT /reports/generated/{id}: a generated report's name and description. */
export const renameGeneratedReportForm: FormDefinition = {
  name: 'rename-generated-report',
  title: T.renameReport,
  item: 'report',
  verb: 'update',
  successMessage: T.reportUpdated,
  permission: 'manage_reports',
  method: 'PUT',
  url: (_values, id) => generatedReportApiPath(id ?? ''),
  fields: [
    { key: 'name', label: T.name, required: true, maxlength: REPORT_NAME_MAX_LENGTH },
    {
      key: 'description',
      label: T.description,
      type: 'textarea',
      maxlength: REPORT_DESCRIPTION_MAX_LENGTH,
    },
  ],
  initialValues: async (id) => {
    if (!id) throw new Error(T.notFound);
    const { report } = await getGeneratedReport(id);
    return { name: report.name, description: report.description };
  },
  invalidate: [reportsKeys.all],
};
