import {
  formatBytes,
  REPORT_PARAMETER_FIELDS,
  type ReportData,
  type ReportDevice,
  type ReportExtreme,
  type ReportParameter,
} from '@netfleet/contracts';
import { drawBarChart } from './bar-chart';
import { drawNote, drawTable, type TableColumn } from './data-table';
import {
  FIELD_TITLES,
  formatCount,
  formatDuration,
  formatField,
  formatTemperature,
} from './format';
import { COLORS, heading, renderPdf } from './pdf-document';
import { drawSummaryTable } from './summary-table';
import { drawTitlePage } from './title-page';

/** Everything the PDF of a generated report shows. */
export interface ReportDocument {
  name: string;
  description: string;
  companyName: string;
  parameters: readonly ReportParameter[];
  data: ReportData;
  range: { start: Date; end: Date };
  timeZone: string;
  generatedAt: Date;
}

/** Devices listed in the PDF; the CSV and the API hold every one. */
export const PDF_DEVICE_ROWS_MAX = 500;
/** Value columns per device table: more parameters continue in another table. */
const VALUE_COLUMNS_PER_TABLE = 6;

const PARAMETER_TITLES: Readonly<Record<ReportParameter, string>> = {
  router_uptime: 'Router uptime',
  temperature: 'Temperature',
  connection_uptime: 'Connection uptime',
  connection_type: 'Connection type',
  operator: 'Operator',
  data_usage: 'Data usage',
  signal: 'Signal',
  alerts: 'Alerts',
  tasks: 'Tasks',
  remote_access: 'Remote access',
  credits: 'Credits',
};

/** `2024-05-10 00:00` in the zone. */
export const localDateTime = (date: Date, timeZone: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

const who = (extreme: ReportExtreme, format: (value: number) => string) =>
  extreme ? `${format(extreme.value)} (${extreme.name}, ${extreme.serial})` : '–';

const summaryRows = (data: ReportData, has: (parameter: ReportParameter) => boolean) => {
  const { all } = data;
  const rows: [string, string][] = [['Devices', formatCount(all.devices)]];
  const orDash = (value: number | null, format: (value: number) => string) =>
    value === null ? '–' : format(value);
  if (has('data_usage') && all.mobile_data) {
    rows.push(['Data received', formatBytes(all.mobile_data.received)]);
    rows.push(['Data sent', formatBytes(all.mobile_data.sent)]);
    rows.push(['Data in total', formatBytes(all.mobile_data.total)]);
  }
  if (has('signal')) {
    rows.push(['Average signal', orDash(all.average_values.signal, (v) => `${v} dBm`)]);
    rows.push(['Strongest signal', who(all.max_signal, (v) => `${v} dBm`)]);
    rows.push(['Weakest signal', who(all.min_signal, (v) => `${v} dBm`)]);
  }
  if (has('temperature')) {
    rows.push(['Average temperature', orDash(all.average_values.temperature, formatTemperature)]);
    rows.push(['Highest temperature', who(all.max_temperature, formatTemperature)]);
    rows.push(['Lowest temperature', who(all.min_temperature, formatTemperature)]);
  }
  if (has('router_uptime')) {
    rows.push(['Average router uptime', orDash(all.average_values.router_uptime, formatDuration)]);
    rows.push(['Longest router uptime', who(all.max_router_uptime, formatDuration)]);
  }
  if (has('connection_uptime')) {
    rows.push([
      'Average connection uptime',
      orDash(all.average_values.connection_uptime, formatDuration),
    ]);
    rows.push(['Shortest connection uptime', who(all.min_connection_uptime, formatDuration)]);
  }
  if (has('operator'))
    rows.push([
      'Operators',
      data.operator_stats.map((s) => `${s.name} (${s.value})`).join(', ') || '–',
    ]);
  if (has('connection_type'))
    rows.push([
      'Connection types',
      data.connection_type_stats.map((s) => `${s.name} (${s.value})`).join(', ') || '–',
    ]);
  if (has('alerts')) rows.push(['Alerts fired', orDash(all.alerts, formatCount)]);
  if (has('tasks')) {
    rows.push(['Task runs ended', orDash(all.tasks, formatCount)]);
    rows.push(['Task runs succeeded', orDash(all.tasks_succeeded, formatCount)]);
    rows.push(['Task runs failed', orDash(all.tasks_failed, formatCount)]);
  }
  if (has('remote_access')) {
    rows.push(['Remote access sessions', orDash(all.remote_sessions, formatCount)]);
    rows.push(['Remote access data', orDash(all.remote_bytes, formatBytes)]);
  }
  if (has('credits')) rows.push(['Credits used by devices', orDash(all.credits_used, formatCount)]);
  return rows;
};

/** The device tables: name and serial, then up to six value columns per table. */
const drawDevices = (
  doc: PDFKit.PDFDocument,
  devices: readonly ReportDevice[],
  fields: string[],
) => {
  const shown = devices.slice(0, PDF_DEVICE_ROWS_MAX);
  const groups: string[][] = [];
  for (let i = 0; i < fields.length; i += VALUE_COLUMNS_PER_TABLE)
    groups.push(fields.slice(i, i + VALUE_COLUMNS_PER_TABLE));
  if (!groups.length) groups.push([]);
  for (const group of groups) {
    const columns: TableColumn[] = [
      { title: 'Device', weight: 3 },
      { title: 'Serial', weight: 2 },
      ...group.map((field) => ({
        title: FIELD_TITLES[field] ?? field,
        weight: 2,
        align: 'right' as const,
      })),
    ];
    const rows = shown.map((device) => [
      device.name,
      device.serial,
      ...group.map((field) => formatField(field, device[field as keyof ReportDevice])),
    ]);
    drawTable(doc, columns, rows);
  }
  if (devices.length > shown.length)
    drawNote(
      doc,
      `The first ${shown.length} of ${devices.length} devices are listed; the CSV holds every one.`,
    );
  if (!devices.length) drawNote(doc, 'No device is in this report.');
};

/**
 * The PDF of a generated report: a title page, the summary, charts per day (data usage, alerts)
 * drawn as vector bars, and the devices' figures.
 */
export const reportPdf = (report: ReportDocument, options: { compress?: boolean } = {}) =>
  renderPdf({ title: report.name, ...options }, (doc) => {
    const { data, timeZone } = report;
    const has = (parameter: ReportParameter) => report.parameters.includes(parameter);
    drawTitlePage(doc, {
      kind: 'netfleet device report',
      title: report.name,
      description: report.description,
      facts: [
        ['Company', report.companyName],
        [
          'Period',
          `${localDateTime(report.range.start, timeZone)} – ${localDateTime(report.range.end, timeZone)}`,
        ],
        ['Time zone', timeZone],
        [
          'Type',
          `${data.params.type === 'periodic' ? 'Periodic' : 'Single'}, ${data.params.period_type}`,
        ],
        ['Parameters', report.parameters.map((p) => PARAMETER_TITLES[p]).join(', ')],
        ['Devices', formatCount(data.all.devices)],
        ['Generated', `${localDateTime(report.generatedAt, timeZone)} (${timeZone})`],
      ],
    });
    doc.addPage();
    heading(doc, 'Summary');
    drawSummaryTable(doc, summaryRows(data, has));

    const labels = data.daily.map((day) => day.date.slice(5));
    if (has('data_usage')) {
      heading(doc, 'Data usage per day');
      drawBarChart(doc, {
        labels,
        series: [
          { name: 'Received', color: COLORS.primary, values: data.daily.map((d) => d.received) },
          { name: 'Sent', color: COLORS.secondary, values: data.daily.map((d) => d.sent) },
        ],
        format: (value) => formatBytes(value, 1),
        emptyTop: 4 * 1024 * 1024,
      });
    }
    if (has('alerts')) {
      heading(doc, 'Alerts per day');
      drawBarChart(doc, {
        labels,
        series: [{ name: 'Alerts', color: '#d64545', values: data.daily.map((d) => d.alerts) }],
        format: (value) => (Number.isInteger(value) ? formatCount(value) : ''),
        emptyTop: 4,
      });
    }

    heading(doc, 'Devices');
    const fields = report.parameters.flatMap((parameter) => [
      ...REPORT_PARAMETER_FIELDS[parameter],
    ]);
    drawDevices(doc, data.devices, fields);
  });
