import {
  REPORT_APPLIED_BY,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_NAME_MAX_LENGTH,
  REPORT_PARAMETERS,
  REPORT_PERIODS,
  REPORT_RECIPIENTS_MAX,
  REPORT_REPEATING_PERIODS,
  REPORT_TYPES,
  type ReportAppliedBy,
  type ReportTemplate,
} from '@netfleet/contracts';
import { chosenTimeZone } from '@/components/date-range';
import type { FieldDefinition, FormValues } from '@/components/schema-form';
import {
  APPLIED_BY_OPTIONS,
  PARAMETER_LABELS,
  PERIOD_LABELS,
  REPEAT_LABELS,
  REPORT_TEXTS as T,
  TYPE_LABELS,
} from '../texts';

/** The pickers of what a report applies to, one per kind (the form sends the chosen one's ids). */
const APPLY_FIELDS: Readonly<
  Record<ReportAppliedBy, { key: string; endpoint: string; label: string }>
> = {
  device: { key: 'device_ids', endpoint: '/devices', label: T.applyDevices },
  company: { key: 'company_ids', endpoint: '/companies', label: T.applyCompanies },
  tag: { key: 'tag_ids', endpoint: '/tags', label: T.applyTags },
};

const isCustom = { type: 'single', period: 'custom' };

/** The user's chosen zone (else the browser's), where a new report's days start. */
const defaultTimeZone = (): string =>
  chosenTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

/** The zones Intl knows, UTC and the default (which may be an alias Intl does not list) first. */
const zoneOptions = (first: string) =>
  [...new Set(['UTC', first, ...Intl.supportedValuesOf('timeZone')])].map((zone) => ({
    value: zone,
    label: zone,
  }));

/**
 * The template's fields (POST and PUT /reports). The period is asked as `period` of a single
 * report (custom allowed, then with its dates) or as `repeat` of a periodic one (spec: periodic
 * reports repeat daily, weekly or monthly); the server's errors on `period` land on the first.
 */
export function reportFields(): FieldDefinition[] {
  const zone = defaultTimeZone();
  return [
    { key: 'name', label: T.name, required: true, maxlength: REPORT_NAME_MAX_LENGTH },
    {
      key: 'description',
      label: T.description,
      type: 'textarea',
      maxlength: REPORT_DESCRIPTION_MAX_LENGTH,
    },
    {
      key: 'type',
      label: T.type,
      type: 'radio',
      required: true,
      default: 'single',
      options: REPORT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
    },
    {
      key: 'period',
      label: T.period,
      type: 'select',
      required: true,
      default: 'day',
      options: REPORT_PERIODS.map((period) => ({ value: period, label: PERIOD_LABELS[period] })),
      depends: { type: 'single' },
    },
    {
      key: 'repeat',
      label: T.repeats,
      type: 'select',
      required: true,
      default: 'day',
      options: REPORT_REPEATING_PERIODS.map((period) => ({
        value: period,
        label: REPEAT_LABELS[period],
      })),
      depends: { type: 'periodic' },
    },
    { key: 'start_date', label: T.startDate, type: 'datetime', required: true, depends: isCustom },
    { key: 'end_date', label: T.endDate, type: 'datetime', required: true, depends: isCustom },
    {
      key: 'parameters',
      label: T.parameters,
      type: 'select',
      required: true,
      props: { multiple: true },
      options: REPORT_PARAMETERS.map((parameter) => ({
        value: parameter,
        label: PARAMETER_LABELS[parameter],
      })),
    },
    {
      key: 'applied_by',
      label: T.appliedBy,
      type: 'radio',
      required: true,
      default: 'device',
      options: REPORT_APPLIED_BY.map((kind) => ({ value: kind, label: APPLIED_BY_OPTIONS[kind] })),
    },
    ...REPORT_APPLIED_BY.map((kind): FieldDefinition => ({
      key: APPLY_FIELDS[kind].key,
      label: APPLY_FIELDS[kind].label,
      required: true,
      // Devices through the spec's device picker (DeviceSelect: /devices by name), the others
      // through the generic one.
      component: kind === 'device' ? 'DeviceSelect' : 'ItemSelect',
      props: {
        endpoint: APPLY_FIELDS[kind].endpoint,
        labelKey: 'name',
        valueKey: 'id',
        multiple: true,
      },
      depends: { applied_by: kind },
    })),
    {
      key: 'recipients',
      label: T.recipients,
      component: 'ListInput',
      props: {
        type: 'email',
        maxItems: REPORT_RECIPIENTS_MAX,
        uniqueItems: true,
        // A mailing list kept elsewhere: pasted, or a CSV of one address a line.
        showCsvUpload: true,
        csvExample: ['alice@example.com', 'bob@example.com'],
      },
      subtext: T.recipientsHint,
    },
    {
      key: 'smtp_config_id',
      label: T.smtp,
      component: 'ItemSelect',
      props: { endpoint: '/email-configurations', labelKey: 'name', valueKey: 'id' },
      subtext: T.smtpHint,
      depends: (values) => Array.isArray(values.recipients) && values.recipients.length > 0,
    },
    {
      key: 'time_zone',
      label: T.timeZone,
      type: 'select',
      required: true,
      default: zone,
      options: zoneOptions(zone),
      subtext: T.timeZoneHint,
    },
    {
      key: 'is_active',
      label: T.active,
      type: 'checkbox',
      default: true,
      subtext: T.activeHint,
      depends: { type: 'periodic' },
    },
  ];
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** The template body of the form's values (the fields shown). */
export function templateBody(values: FormValues) {
  const type = values.type === 'periodic' ? 'periodic' : 'single';
  const period = type === 'single' ? values.period : values.repeat;
  const custom = period === 'custom';
  const appliedBy = REPORT_APPLIED_BY.find((kind) => kind === values.applied_by) ?? 'device';
  return {
    name: values.name,
    description: values.description ?? '',
    type,
    period,
    parameters: values.parameters,
    applied_by: appliedBy,
    apply_list: ids(values[APPLY_FIELDS[appliedBy].key]),
    // A period that is not custom has no dates: stored ones are cleared.
    start_date: custom ? values.start_date : null,
    end_date: custom ? values.end_date : null,
    recipients: Array.isArray(values.recipients) ? values.recipients : [],
    smtp_config_id:
      values.smtp_config_id === null || values.smtp_config_id === undefined
        ? null
        : Number(values.smtp_config_id),
    time_zone: values.time_zone,
    is_active: type === 'single' || values.is_active === true,
  };
}

/** A template as the form's values (the edit form). */
export function templateValues(template: ReportTemplate): FormValues {
  const periodic = template.type === 'periodic';
  return {
    name: template.name,
    description: template.description,
    type: template.type,
    period: periodic ? 'day' : template.period,
    repeat: periodic && template.period !== 'custom' ? template.period : 'day',
    start_date: template.start_date ?? '',
    end_date: template.end_date ?? '',
    parameters: template.parameter_names,
    applied_by: template.applied_by,
    [APPLY_FIELDS[template.applied_by].key]: template.apply_list,
    recipients: template.recipients,
    smtp_config_id: template.smtp_config_id,
    time_zone: template.time_zone,
    is_active: template.is_active === 1,
  };
}
