import type { FieldDefinition, FormDefinition, FormValues } from '@/components/schema-form';
import { REPORTS_PATH, reportsKeys } from '../api/keys';
import { REPORT_TEXTS as T } from '../texts';
import { reportFields, templateBody } from './report-fields';

/** Users who see other companies may make the report one of theirs (its devices, its SMTP). */
const COMPANY_FIELD: FieldDefinition = {
  key: 'company_id',
  label: T.company,
  permission: 'view_companies',
  component: 'ItemSelect',
  props: { endpoint: '/companies', labelKey: 'name', valueKey: 'id' },
  subtext: T.companyHint,
};

const [nameField, descriptionField, ...otherFields] = reportFields();

/**
 * POST /reports (spec dialog "reports new"): a single report over a day, week, month or custom
 * period, or a periodic one generated after every day, week or month, over devices, companies or
 * tags. A custom period ending in the future comes back as a 422 on `end_date`, under the field.
 */
export const newReportForm: FormDefinition = {
  name: 'new-report',
  title: T.newReport,
  item: 'report',
  verb: 'create',
  successMessage: T.reportCreated,
  permission: 'manage_reports',
  method: 'POST',
  url: REPORTS_PATH,
  fields: [
    ...(nameField ? [nameField] : []),
    ...(descriptionField ? [descriptionField] : []),
    COMPANY_FIELD,
    ...otherFields,
  ],
  transform: (values: FormValues) => ({
    ...templateBody(values),
    ...(values.company_id ? { company_id: Number(values.company_id) } : {}),
  }),
  invalidate: [reportsKeys.all],
};
