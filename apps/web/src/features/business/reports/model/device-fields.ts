import {
  formatBytes,
  REPORT_PARAMETER_FIELDS,
  type ReportDevice,
  type ReportParameter,
} from '@netfleet/contracts';
import { formatDbm, formatDeciCelsius, formatUptime } from '@/lib/format';

/** The figures parameters add to each device row (the PDF's and CSV's columns). */
export type ReportField = Exclude<
  keyof ReportDevice,
  'router_id' | 'name' | 'serial' | 'mac' | 'company_id'
>;

type Unit = 'bytes' | 'dbm' | 'seconds' | 'deci-celsius' | 'count' | 'text';

const FIELDS: Readonly<Record<ReportField, { label: string; unit: Unit }>> = {
  router_uptime: { label: 'Router uptime', unit: 'seconds' },
  max_temperature: { label: 'Max temperature', unit: 'deci-celsius' },
  min_temperature: { label: 'Min temperature', unit: 'deci-celsius' },
  connection_uptime: { label: 'Connection uptime', unit: 'seconds' },
  connection_type: { label: 'Connection type', unit: 'text' },
  operator: { label: 'Operator', unit: 'text' },
  received: { label: 'Received', unit: 'bytes' },
  sent: { label: 'Sent', unit: 'bytes' },
  received_sim1: { label: 'Received SIM 1', unit: 'bytes' },
  received_sim2: { label: 'Received SIM 2', unit: 'bytes' },
  sent_sim1: { label: 'Sent SIM 1', unit: 'bytes' },
  sent_sim2: { label: 'Sent SIM 2', unit: 'bytes' },
  max_signal: { label: 'Max signal', unit: 'dbm' },
  min_signal: { label: 'Min signal', unit: 'dbm' },
  alerts: { label: 'Alerts', unit: 'count' },
  tasks: { label: 'Tasks', unit: 'count' },
  tasks_succeeded: { label: 'Tasks succeeded', unit: 'count' },
  tasks_failed: { label: 'Tasks failed', unit: 'count' },
  remote_sessions: { label: 'Remote sessions', unit: 'count' },
  remote_bytes: { label: 'Remote access data', unit: 'bytes' },
  credits_used: { label: 'Credits used', unit: 'count' },
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
