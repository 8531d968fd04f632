import type {
  GeneratedReport,
  GeneratedReportDetail,
  ReportTemplate,
  StatusChannelData,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, reportTemplates, suppressedEmails } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox, type Outbox } from '@test/outbox';
import { pdfText } from '@test/pdf-text';
import { loginAs, type TestSession } from '@test/session';
import { type ReportWorld, seedReportWorld } from './reports.fixtures';

/**
 * 2030-05-15, 10:00 UTC: a day report covers the 14th. The clock is ahead of real time: sessions
 * are stamped by it but checked by the real clock.
 */
const NOW = new Date('2030-05-15T10:00:00Z');

let t: TestApp;
let outbox: Outbox;
let alpha: CompanyRow;
let alphaChild: CompanyRow;
let beta: CompanyRow;
let adminAlpha: TestSession;
let adminBeta: TestSession;
let guestAlpha: TestSession;
let superAdmin: TestSession;
let world: ReportWorld;

beforeAll(async () => {
  outbox = createOutbox();
  t = await buildTestApp({}, { now: () => NOW, mailTransport: outbox.transport });
  alpha = await createCompany(t.db, { name: 'Alpha' });
  alphaChild = await createCompany(t.db, { parent: alpha, name: 'Alpha Child' });
  beta = await createCompany(t.db, { name: 'Beta' });
  const alphaUser = await createUser(t.db, 'admin', { company: alpha });
  adminAlpha = await loginAs(t.app, alphaUser);
  adminBeta = await loginAs(t.app, await createUser(t.db, 'admin', { company: beta }));
  guestAlpha = await loginAs(t.app, await createUser(t.db, 'read_only', { company: alpha }));
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  world = await seedReportWorld(t.db, { alpha, alphaChild, beta, user: alphaUser });
});
afterAll(() => t.close());

interface Body<T> {
  data: T;
  meta: { total: number; channel: string; max_router_uptime: string | null };
  errors: { code: string; message: string; source: string | null }[];
}

const call = async <T = unknown>(
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json<Body<T>>(),
  };
};

const ALL_PARAMETERS = [
  'router_uptime',
  'temperature',
  'connection_uptime',
  'connection_type',
  'operator',
  'data_usage',
  'signal',
  'alerts',
  'tasks',
  'remote_access',
  'credits',
];

const dayReport = (overrides: object = {}) => ({
  name: 'Daily fleet',
  description: 'Alpha and its subsidiary',
  type: 'single',
  period: 'day',
  parameters: ALL_PARAMETERS,
  applied_by: 'company',
  apply_list: [alpha.id],
  recipients: ['Ops@Example.com'],
  ...overrides,
});

const templateCount = async () => (await t.db.select().from(reportTemplates)).length;

/** Starts a generation and waits until its channel says how it ended. */
const generate = async (session: TestSession, templateId: number) => {
  const started = await call(session, 'POST', `/api/reports/${templateId}/generate`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const channel = started.body.meta.channel;
  for (let i = 0; i < 200; i += 1) {
    const { body } = await call<StatusChannelData>(
      session,
      'GET',
      `/api/status/channel/${channel}`,
    );
    const updates = body.data[String(templateId)] ?? [];
    const last = updates.at(-1);
    if (last && (last.status === 'completed' || last.status === 'error')) return updates;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the generation never ended');
};

describe('report templates', () => {
  it('keeps a template in RMS shape: parameter ids, names, 0/1 is_active', async () => {
    const created = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', dayReport());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      company_id: alpha.id,
      company_name: 'Alpha',
      name: 'Daily fleet',
      type: 'single',
      period: 'day',
      parameters: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      parameter_names: ALL_PARAMETERS,
      applied_by: 'company',
      apply_list: [alpha.id],
      apply_list_names: ['Alpha'],
      is_active: 1,
      generated_at: null,
      recipients: ['ops@example.com'],
      time_zone: 'UTC',
      next_run_at: null,
    });
    // RMS clients send back what they read: ids for parameters, 0/1 for is_active.
    const edited = await call<ReportTemplate>(
      adminAlpha,
      'PUT',
      `/api/reports/${created.body.data.id}`,
      { parameters: [6, 7], is_active: 0, description: 'Data and signal' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      parameter_names: ['data_usage', 'signal'],
      is_active: 0,
      description: 'Data and signal',
      name: 'Daily fleet',
    });
    const list = await call<ReportTemplate[]>(adminAlpha, 'GET', '/api/reports?period=single');
    expect(list.body.data.map((row) => row.id)).toContain(created.body.data.id);
    const periodic = await call<ReportTemplate[]>(
      adminAlpha,
      'GET',
      '/api/reports?period=periodic',
    );
    expect(periodic.body.data.map((row) => row.id)).not.toContain(created.body.data.id);
    expect((await call(adminAlpha, 'DELETE', `/api/reports/${created.body.data.id}`)).status).toBe(
      200,
    );
    expect((await call(adminAlpha, 'GET', `/api/reports/${created.body.data.id}`)).status).toBe(
      404,
    );
  });

  it('refuses bad input with the field as source and stores nothing', async () => {
    const before = await templateCount();
    const cases: [object, string, string?][] = [
      [
        {
          period: 'custom',
          start_date: '2030-05-01 00:00:00',
          end_date: '2030-05-16 00:00:00',
        },
        'end_date',
        'The report period cannot end in the future',
      ],
      [{ recipients: ['ops@example.com', 'not an address'] }, 'recipients.1'],
      [{ recipients: ['nobody'] }, 'recipients.0', 'Recipient must be an e-mail address'],
      [{ parameters: ['signal', 'humidity'] }, 'parameters.1', 'Unknown report parameter'],
      [{ parameters: [12] }, 'parameters.0'],
      [{ parameters: [] }, 'parameters'],
      [{ applied_by: 'device', apply_list: [world.north, world.foreign] }, 'apply_list.1'],
      [{ apply_list: [beta.id] }, 'apply_list.0', 'Company not found'],
      [{ type: 'periodic', period: 'custom' }, 'period'],
      [{ period: 'custom', end_date: '2030-05-01' }, 'start_date'],
      [
        { period: 'custom', start_date: '2030-05-02', end_date: '2030-05-01' },
        'end_date',
        'The end date must be after the start date',
      ],
      [{ period: 'custom', start_date: 'yesterday', end_date: '2030-05-01' }, 'start_date'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [change, source, message] of cases) {
      const { status, body } = await call(adminAlpha, 'POST', '/api/reports', dayReport(change));
      expect(status, `${JSON.stringify(change)}: ${JSON.stringify(body)}`).toBe(422);
      expect(body.errors[0]?.source, JSON.stringify(change)).toBe(source);
      if (message) expect(body.errors[0]?.message).toBe(message);
    }
    expect(await templateCount()).toBe(before);

    // The same rules on an update, which then changes nothing.
    const { body } = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', dayReport());
    const id = body.data.id;
    const future = await call(adminAlpha, 'PUT', `/api/reports/${id}`, {
      period: 'custom',
      start_date: '2030-05-01 00:00:00',
      end_date: '2030-05-15 10:00:01',
    });
    expect(future.status).toBe(422);
    expect(future.body.errors[0]?.source).toBe('end_date');
    const bad = await call(adminAlpha, 'PUT', `/api/reports/${id}`, {
      recipients: ['a@example.com', 'x'],
    });
    expect(bad.body.errors[0]?.source).toBe('recipients.1');
    const unchanged = await call<ReportTemplate>(adminAlpha, 'GET', `/api/reports/${id}`);
    expect(unchanged.body.data).toMatchObject({ period: 'day', recipients: ['ops@example.com'] });
    // A period ending right now is not in the future.
    const now = await call(adminAlpha, 'PUT', `/api/reports/${id}`, {
      period: 'custom',
      start_date: '2030-05-01 00:00:00',
      end_date: '2030-05-15 10:00:00',
    });
    expect(now.status).toBe(200);
    await call(adminAlpha, 'DELETE', `/api/reports/${id}`);
  });

  it('keeps templates within the caller tree: another tree answers 404 and learns nothing', async () => {
    const { body } = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', dayReport());
    const id = body.data.id;
    for (const [method, url, payload] of [
      ['GET', `/api/reports/${id}`],
      ['PUT', `/api/reports/${id}`, { name: 'Taken' }],
      ['DELETE', `/api/reports/${id}`],
      ['POST', `/api/reports/${id}/generate`],
    ] as const) {
      const response = await call(adminBeta, method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const list = await call<ReportTemplate[]>(
      adminBeta,
      'GET',
      `/api/reports?company_id=${alpha.id}`,
    );
    expect(list.body.data).toEqual([]);
    expect((await call(guestAlpha, 'POST', '/api/reports', dayReport())).status).toBe(403);
    expect((await call(guestAlpha, 'GET', `/api/reports/${id}`)).status).toBe(200);
    // A company out of reach, named in the body.
    const hidden = await call(adminBeta, 'POST', '/api/reports', {
      ...dayReport({ apply_list: [beta.id] }),
      company_id: alpha.id,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0]?.source).toBe('company_id');
    const stored = await call<ReportTemplate>(adminAlpha, 'GET', `/api/reports/${id}`);
    expect(stored.body.data.name).toBe('Daily fleet');
    await call(adminAlpha, 'DELETE', `/api/reports/${id}`);

    // Filed in the subsidiary over the parent's device: the subsidiary sees it, not the name.
    const filed = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', {
      ...dayReport({ applied_by: 'device', apply_list: [world.north] }),
      company_id: alphaChild.id,
    });
    expect(filed.body.data.apply_list_names).toEqual(['North']);
    const adminChild = await loginAs(
      t.app,
      await createUser(t.db, 'admin', { company: alphaChild }),
    );
    const seen = await call<ReportTemplate>(
      adminChild,
      'GET',
      `/api/reports/${filed.body.data.id}`,
    );
    expect(seen.body.data).toMatchObject({ apply_list: [world.north], apply_list_names: [] });
    await call(adminAlpha, 'DELETE', `/api/reports/${filed.body.data.id}`);
  });
});

describe('generated reports', () => {
  let template: ReportTemplate;
  let report: GeneratedReport;

  beforeAll(async () => {
    const created = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', dayReport());
    template = created.body.data;
    outbox.messages.length = 0;
    const updates = await generate(adminAlpha, template.id);
    expect(updates.map((update) => update.status)).toEqual(['started', 'completed']);
    const list = await call<GeneratedReport[]>(
      adminAlpha,
      'GET',
      `/api/reports/generated?report_template_id=${template.id}`,
    );
    expect(list.body.meta.total).toBe(1);
    report = list.body.data[0] as GeneratedReport;
    expect(updates.at(-1)?.link).toBe(`/report/generated/${report.id}`);
  });

  it('lists the generated report in RMS shape with its period (the last whole day)', () => {
    expect(report).toMatchObject({
      name: 'Daily fleet',
      company_id: alpha.id,
      company_name: 'Alpha',
      report_template_id: template.id,
      report_template_name: 'Daily fleet',
      type: 'single',
      period: 'day',
      period_start: '2030-05-14 00:00:00',
      period_end: '2030-05-15 00:00:00',
      devices_count: 2,
      mail_status: 'sent',
      mail_error: null,
    });
  });

  it('computes every figure exactly from what the devices stored that day', async () => {
    const { status, body } = await call<GeneratedReportDetail>(
      adminAlpha,
      'GET',
      `/api/reports/generated/${report.id}`,
    );
    expect(status).toBe(200);
    const data = body.data;
    expect(data.devices.map((device) => device.name)).toEqual(['North', 'South']);
    expect(data.devices[0]).toMatchObject({
      router_id: world.north,
      router_uptime: 8200,
      max_temperature: 420,
      min_temperature: 350,
      max_signal: -65,
      min_signal: -80,
      operator: 'Bite',
      connection_type: '5G-NSA',
      connection_uptime: 600,
      received: 1050,
      sent: 205,
      received_sim1: 1000,
      received_sim2: 50,
      sent_sim1: 200,
      sent_sim2: 5,
      alerts: 2,
      tasks: 2,
      tasks_succeeded: 1,
      tasks_failed: 1,
      remote_sessions: 0,
      remote_bytes: 0,
      credits_used: 2,
    });
    expect(data.devices[1]).toMatchObject({
      router_id: world.south,
      router_uptime: 350,
      max_temperature: null,
      min_temperature: null,
      max_signal: -90,
      min_signal: -100,
      operator: 'Tele2',
      connection_type: 'LTE',
      connection_uptime: 300,
      received: 3_000_000_000,
      sent: 4_000_000_000,
      received_sim2: 0,
      alerts: 0,
      tasks: 0,
      remote_sessions: 1,
      remote_bytes: 123,
      credits_used: 0,
    });
    expect(data.all).toMatchObject({
      max_signal: { router_id: world.north, value: -65, name: 'North' },
      min_signal: { router_id: world.south, value: -100 },
      mobile_data: { received: 3_000_001_050, sent: 4_000_000_205, total: 7_000_001_255 },
      // Means of every reading: (-290 - 190) / 6 and 1550 / 4 (rounded); uptimes per device.
      average_values: {
        signal: -80,
        temperature: 388,
        router_uptime: 4275,
        connection_uptime: 450,
      },
      max_temperature: { router_id: world.north, value: 420 },
      min_temperature: { router_id: world.north, value: 350 },
      max_router_uptime: { router_id: world.north, value: 8200 },
      min_router_uptime: { router_id: world.south, value: 350 },
      max_connection_uptime: { value: 600 },
      min_connection_uptime: { value: 300 },
      devices: 2,
      alerts: 2,
      tasks: 2,
      tasks_succeeded: 1,
      tasks_failed: 1,
      remote_sessions: 1,
      remote_bytes: 123,
      credits_used: 2,
    });
    expect(data.operator_stats).toEqual([
      { name: 'Bite', value: 1 },
      { name: 'Tele2', value: 1 },
    ]);
    expect(data.connection_type_stats).toEqual([
      { name: '5G-NSA', value: 1 },
      { name: 'LTE', value: 1 },
    ]);
    expect(data.daily).toEqual([
      { date: '2030-05-14', received: 3_000_001_050, sent: 4_000_000_205, alerts: 2 },
    ]);
    expect(data.params).toMatchObject({
      type: 'single',
      company: alpha.id,
      apply_to: 'company',
      start_date: '2030-05-14 00:00:00',
      end_date: '2030-05-15 00:00:00',
      parameters: '1,2,3,4,5,6,7,8,9,10,11',
      period_type: 'day',
      report_name: 'Daily fleet',
      generation_date: NOW.getTime() / 1000,
    });
    expect(data.report.id).toBe(report.id);
    const northMac = (await t.db.select().from(devices).where(eq(devices.id, world.north)))[0]?.mac;
    expect(body.meta.max_router_uptime).toBe(northMac);
  });

  it('downloads the PDF: a real document with the report name, summary and charts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/generated/${report.id}/pdf`,
      headers: adminAlpha.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="daily-fleet-2030-05-14.pdf"; filename*=UTF-8''daily-fleet-2030-05-14.pdf`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Daily fleet');
    expect(text).toContain('Alpha');
    expect(text).toContain('2030-05-14 00:00 – 2030-05-15 00:00');
    for (const line of ['Summary', 'Data usage per day', 'Alerts per day', 'Devices', 'North'])
      expect(text).toContain(line);
    expect(text).toContain('2861.02 MB'); // South's 3 000 000 000 bytes received
  });

  it('downloads the CSV: one row per device with the parameters, RFC 4180 quoted', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/generated/${report.id}/csv`,
      headers: adminAlpha.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [north] = await t.db.select().from(devices).where(eq(devices.id, world.north));
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'router_id,name,serial,mac,router_uptime,max_temperature,min_temperature,' +
        'connection_uptime,connection_type,operator,received,sent,received_sim1,received_sim2,' +
        'sent_sim1,sent_sim2,max_signal,min_signal,alerts,tasks,tasks_succeeded,tasks_failed,' +
        'remote_sessions,remote_bytes,credits_used',
    );
    expect(lines[1]).toBe(
      `${world.north},North,${north?.serial},${north?.mac},8200,420,350,600,5G-NSA,Bite,` +
        '1050,205,1000,50,200,5,-65,-80,2,2,1,1,0,0,2',
    );
    expect(lines[2]?.startsWith(`${world.south},South,`)).toBe(true);
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('mails the PDF to the recipients', () => {
    expect(outbox.messages).toHaveLength(1);
    const [mail] = outbox.messages;
    expect(mail).toMatchObject({ to: 'ops@example.com', subject: 'Report: Daily fleet' });
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'daily-fleet-2030-05-14.pdf',
      contentType: 'application/pdf',
    });
    expect(mail?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('records a failed mailing on the generated report, which is kept', async () => {
    await t.db.insert(suppressedEmails).values({ email: 'bounced@example.com', reason: 'bounced' });
    const { body } = await call<ReportTemplate>(
      adminAlpha,
      'POST',
      '/api/reports',
      dayReport({ name: 'Bounced', recipients: ['bounced@example.com'], parameters: ['alerts'] }),
    );
    const updates = await generate(adminAlpha, body.data.id);
    expect(updates.map((update) => update.status)).toEqual(['started', 'warning', 'completed']);
    const list = await call<GeneratedReport[]>(
      adminAlpha,
      'GET',
      `/api/reports/generated?report_template_id=${body.data.id}`,
    );
    expect(list.body.data[0]).toMatchObject({
      mail_status: 'failed',
      mail_error: 'bounced@example.com: Address is on the suppression list',
    });
  });

  it('reports only what the owner sees, whatever the template names', async () => {
    const { body } = await call<ReportTemplate>(
      adminAlpha,
      'POST',
      '/api/reports',
      dayReport({ name: 'Tagged', applied_by: 'tag', apply_list: [world.tagId], recipients: [] }),
    );
    await generate(adminAlpha, body.data.id);
    const list = await call<GeneratedReport[]>(
      adminAlpha,
      'GET',
      `/api/reports/generated?report_template_id=${body.data.id}`,
    );
    expect(list.body.data[0]).toMatchObject({ devices_count: 1, mail_status: 'none' });
    const generated = await call<GeneratedReportDetail>(
      adminAlpha,
      'GET',
      `/api/reports/generated/${list.body.data[0]?.id}`,
    );
    expect(generated.body.data.devices.map((device) => device.router_id)).toEqual([world.north]);
    // The template's generated_at says when.
    const template = await call<ReportTemplate>(adminAlpha, 'GET', `/api/reports/${body.data.id}`);
    expect(template.body.data.generated_at).toBe('2030-05-15 10:00:00');
  });

  it('keeps generated reports within the caller tree; renames and deletes them', async () => {
    for (const url of [
      `/api/reports/generated/${report.id}`,
      `/api/reports/generated/${report.id}/pdf`,
      `/api/reports/generated/${report.id}/csv`,
    ]) {
      expect((await call(adminBeta, 'GET', url)).status, url).toBe(404);
    }
    expect(
      (await call(adminBeta, 'PUT', `/api/reports/generated/${report.id}`, { name: 'x' })).status,
    ).toBe(404);
    expect((await call(adminBeta, 'DELETE', `/api/reports/generated/${report.id}`)).status).toBe(
      404,
    );
    const foreignList = await call<GeneratedReport[]>(adminBeta, 'GET', '/api/reports/generated');
    expect(foreignList.body.data).toEqual([]);
    expect((await call(superAdmin, 'GET', `/api/reports/generated/${report.id}`)).status).toBe(200);

    const empty = await call(adminAlpha, 'PUT', `/api/reports/generated/${report.id}`, {
      name: '',
      description: '',
    });
    expect(empty.status).toBe(422);
    const renamed = await call<GeneratedReport>(
      adminAlpha,
      'PUT',
      `/api/reports/generated/${report.id}`,
      { name: 'May 14', description: 'Tuesday' },
    );
    expect(renamed.body.data).toMatchObject({ name: 'May 14', description: 'Tuesday' });
    // Deleting the template keeps what it generated.
    expect((await call(adminAlpha, 'DELETE', `/api/reports/${template.id}`)).status).toBe(200);
    const kept = await call<GeneratedReportDetail>(
      adminAlpha,
      'GET',
      `/api/reports/generated/${report.id}`,
    );
    expect(kept.body.data.report).toMatchObject({ report_template_id: null, name: 'May 14' });
    expect((await call(adminAlpha, 'DELETE', `/api/reports/generated/${report.id}`)).status).toBe(
      200,
    );
    expect((await call(adminAlpha, 'GET', `/api/reports/generated/${report.id}`)).status).toBe(404);
  });
});
