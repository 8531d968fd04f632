import type { FormDefinition } from '@/components/schema-form';
import { getReportTemplate } from '../api/get-report-templates';
import { reportPath, reportsKeys } from '../api/keys';
import { REPORT_TEXTS as T } from '../texts';
import { reportFields, templateBody, templateValues } from './report-fields';

/** PUT /reports/{id}: every field of the template but its company. */
export const editReportForm: FormDefinition = {
  name: 'edit-report',
  title: T.editReport,
  item: 'report',
  verb: 'update',
  successMessage: T.reportUpdated,
  permission: 'manage_reports',
  method: 'PUT',
  url: (_values, id) => reportPath(id ?? ''),
  fields: reportFields(),
  // The table passes the row's values; the form page (/forms/edit-report/{id}) asks for them.
  initialValues: async (id) => {
    if (!id) throw new Error(T.notFound);
    return templateValues(await getReportTemplate(id));
  },
  transform: templateBody,
  invalidate: [reportsKeys.all],
};
