import {
  REPORT_PARAMETER_FIELDS,
  type ReportData,
  type ReportDevice,
  type ReportParameter,
} from '@netfleet/contracts';
import { csvLine } from '@/modules/fleet/devices/device-csv';

const IDENTITY: readonly (keyof ReportDevice)[] = ['router_id', 'name', 'serial', 'mac'];

/** The columns of a report's CSV: the device, then each held parameter's fields. */
export const csvColumns = (parameters: readonly ReportParameter[]): (keyof ReportDevice)[] => [
  ...IDENTITY,
  ...parameters.flatMap((parameter) => REPORT_PARAMETER_FIELDS[parameter]),
];

/** One row per device with the report's parameters (RFC 4180 quoting, CRLF line ends). */
export const reportCsv = (data: ReportData, parameters: readonly ReportParameter[]): string => {
  const columns = csvColumns(parameters);
  return [
    csvLine(columns),
    ...data.devices.map((device) => csvLine(columns.map((column) => device[column]))),
  ].join('');
};
