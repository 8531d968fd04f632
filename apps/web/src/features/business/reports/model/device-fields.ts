import {
  formatBytes,
  REPORT_PARAMETER_FIELDS,
  type ReportDevice,
  type ReportParameter,
} from '@netfleet/contracts';
import { formatDbm, formatDeciCelsius, formatUptime } from '@/lib/format';
import { FIELD_LABELS } from '../texts';
import { formatNumber } from './format-number';

/** The figures parameters add to each device row (the PDF's and CSV's columns). */
export type ReportField = Exclude<
  keyof ReportDevice,
  'router_id' | 'name' | 'serial' | 'mac' | 'company_id'
>;

type Unit = 'bytes' | 'dbm' | 'seconds' | 'deci-celsius' | 'count' | 'text';

const FIELDS: Readonly<Record<ReportField, { label: string; unit: Unit }>> = {
  router_uptime: { label: FIELD_LABELS.router_uptime, unit: 'seconds' },
  max_temperature: { label: FIELD_LABELS.max_temperature, unit: 'deci-celsius' },
  min_temperature: { label: FIELD_LABELS.min_temperature, unit: 'deci-celsius' },
  connection_uptime: { label: FIELD_LABELS.connection_uptime, unit: 'seconds' },
  connection_type: { label: FIELD_LABELS.connection_type, unit: 'text' },
  operator: { label: FIELD_LABELS.operator, unit: 'text' },
  received: { label: FIELD_LABELS.received, unit: 'bytes' },
  sent: { label: FIELD_LABELS.sent, unit: 'bytes' },
  received_sim1: { label: FIELD_LABELS.received_sim1, unit: 'bytes' },
  received_sim2: { label: FIELD_LABELS.received_sim2, unit: 'bytes' },
  sent_sim1: { label: FIELD_LABELS.sent_sim1, unit: 'bytes' },
  sent_sim2: { label: FIELD_LABELS.sent_sim2, unit: 'bytes' },
  max_signal: { label: FIELD_LABELS.max_signal, unit: 'dbm' },
  min_signal: { label: FIELD_LABELS.min_signal, unit: 'dbm' },
  alerts: { label: FIELD_LABELS.alerts, unit: 'count' },
  tasks: { label: FIELD_LABELS.tasks, unit: 'count' },
  tasks_succeeded: { label: FIELD_LABELS.tasks_succeeded, unit: 'count' },
  tasks_failed: { label: FIELD_LABELS.tasks_failed, unit: 'count' },
  remote_sessions: { label: FIELD_LABELS.remote_sessions, unit: 'count' },
  remote_bytes: { label: FIELD_LABELS.remote_bytes, unit: 'bytes' },
  credits_used: { label: FIELD_LABELS.credits_used, unit: 'count' },
};

/** A report figure in its unit; null (not held, or nothing reported) shows as a dash. */
export function formatFigure(unit: Unit, value: number | string | null): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'bytes':
      return value >= 0 ? formatBytes(value) : String(value);
    case 'dbm':
      return formatDbm(value);
    case 'seconds':
      return formatUptime(value);
    case 'deci-celsius':
      return formatDeciCelsius(value);
    case 'count':
      return formatNumber(value);
    default:
      return String(value);
  }
}

export interface DeviceColumn {
  field: ReportField;
  label: string;
  format: (device: ReportDevice) => string;
}

const isReportField = (field: keyof ReportDevice): field is ReportField =>
  Object.hasOwn(FIELDS, field);

/** The device columns of the report's parameters, in the order the PDF and the CSV show them. */
export function deviceColumns(parameters: readonly ReportParameter[]): DeviceColumn[] {
  return parameters.flatMap((parameter) =>
    REPORT_PARAMETER_FIELDS[parameter].filter(isReportField).map((field) => {
      const { label, unit } = FIELDS[field];
      return {
        field,
        label,
        format: (device: ReportDevice) => formatFigure(unit, device[field]),
      };
    }),
  );
}
