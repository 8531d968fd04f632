import type { GeneratedReport, GeneratedReportDetail, ReportTemplate } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, suppressedEmails } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import type { Outbox } from '@test/outbox';
import { pdfText } from '@test/pdf-text';
import type { TestSession } from '@test/session';
import {
  REPORTS_NOW as NOW,
  type ReportWorld,
  reportsHelpers,
  type ReportsApp,
  startReportsApp,
} from './reports.fixtures';

let app: ReportsApp;
let t: TestApp;
let outbox: Outbox;
let alpha: CompanyRow;
let adminAlpha: TestSession;
let adminBeta: TestSession;
let superAdmin: TestSession;
let world: ReportWorld;

beforeAll(async () => {
  app = await startReportsApp();
  ({ t, outbox, alpha, adminAlpha, adminBeta, superAdmin, world } = app);
});
afterAll(() => t.close());

const { call, dayReport, generate } = reportsHelpers(() => app);

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
