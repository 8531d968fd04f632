// Test-only: the reports pages' route harness (src/test/render-route) and their fixtures.
import type {
  CreditReport,
  GeneratedReport,
  GeneratedReportDetail,
  ReportDevice,
  ReportTemplate,
} from '@netfleet/contracts';

export {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
} from '@/test/render-route';

export function template(overrides: Partial<ReportTemplate> = {}): ReportTemplate {
  return {
    id: 4,
    company_id: 3,
    company_name: 'Acme',
    name: 'Weekly fleet',
    description: 'Depots',
    type: 'periodic',
    period: 'week',
    parameters: [6, 7],
    parameter_names: ['data_usage', 'signal'],
    applied_by: 'device',
    apply_list: [11, 12],
    apply_list_names: ['RUT955', 'RUT240'],
    is_active: 1,
    generated_at: '2026-02-09 00:00:05',
    start_date: null,
    end_date: null,
    created_at: '2026-02-01 10:00:00',
    updated_at: '2026-02-01 10:00:00',
    user_id: 7,
    recipients: [],
    smtp_config_id: null,
    time_zone: 'UTC',
    next_run_at: '2026-02-16 00:00:00',
    last_error: null,
    ...overrides,
  };
}

export function generated(overrides: Partial<GeneratedReport> = {}): GeneratedReport {
  return {
    id: 31,
    name: 'Weekly fleet',
    description: 'Depots',
    company_id: 3,
    company_name: 'Acme',
    report_template_id: 4,
    report_template_name: 'Weekly fleet',
    type: 'periodic',
    created_at: '2026-02-09 00:00:05',
    period: 'week',
    period_start: '2026-02-02 00:00:00',
    period_end: '2026-02-09 00:00:00',
    time_zone: 'UTC',
    parameters: ['data_usage', 'signal'],
    devices_count: 1,
    mail_status: 'none',
    mail_error: null,
    ...overrides,
  };
}

export function reportDevice(overrides: Partial<ReportDevice> = {}): ReportDevice {
  return {
    router_id: 11,
    name: 'RUT955',
    serial: '1100000011',
    mac: '00:1E:42:00:00:11',
    company_id: 3,
    operator: null,
    connection_type: null,
    received: 3 * 1024 ** 3,
    sent: 512 * 1024 ** 2,
    received_sim1: 3 * 1024 ** 3,
    received_sim2: 0,
    sent_sim1: 512 * 1024 ** 2,
    sent_sim2: 0,
    max_signal: -61,
    min_signal: -87,
    router_uptime: null,
    connection_uptime: null,
    max_temperature: null,
    min_temperature: null,
    alerts: null,
    tasks: null,
    tasks_succeeded: null,
    tasks_failed: null,
    remote_sessions: null,
    remote_bytes: null,
    credits_used: null,
    ...overrides,
  };
}

export function detail(report: GeneratedReport = generated()): GeneratedReportDetail {
  const device = reportDevice();
  const extreme = (value: number) => ({
    router_id: device.router_id,
    name: device.name,
    serial: device.serial,
    mac: device.mac,
    value,
  });
  return {
    report,
    all: {
      max_signal: extreme(-61),
      min_signal: extreme(-87),
      mobile_data: { received: 3 * 1024 ** 3, sent: 512 * 1024 ** 2, total: 3.5 * 1024 ** 3 },
      average_values: {
        signal: -72,
        temperature: null,
        router_uptime: null,
        connection_uptime: null,
      },
      max_temperature: null,
      min_temperature: null,
      max_router_uptime: null,
      min_router_uptime: null,
      max_connection_uptime: null,
      min_connection_uptime: null,
      devices: 1,
      alerts: null,
      tasks: null,
      tasks_succeeded: null,
      tasks_failed: null,
      remote_sessions: null,
      remote_bytes: null,
      credits_used: null,
    },
    params: {
      type: report.type,
      company: report.company_id,
      apply_to: 'device',
      start_date: report.period_start,
      end_date: report.period_end,
      parameters: '6,7',
      period_type: report.period,
      report_name: report.name,
      report_description: report.description,
      generation_date: 1_770_595_205,
      time_zone: report.time_zone,
    },
    devices: [device],
    operator_stats: [],
    connection_type_stats: [],
    daily: [],
  };
}

export function creditReport(overrides: Partial<CreditReport> = {}): CreditReport {
  return {
    totals: {
      child_pools: 2,
      child_company_credits: 40,
      pool_logs: 9,
      credits_for_devices: 17,
      transfer_codes_credits: 5,
      data_purchase: 3,
    },
    child_pools: [],
    pool_logs: [],
    transfer_codes: [],
    data_purchase: [],
    company_id: 3,
    company_name: 'Acme',
    start_date: '2026-01-01 00:00:00',
    end_date: '2026-01-31 23:59:59',
    ...overrides,
  };
}
