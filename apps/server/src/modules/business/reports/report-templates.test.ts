import type { ReportTemplate } from '@netfleet/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, reportTemplates } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import {
  ALL_REPORT_PARAMETERS,
  type ReportWorld,
  reportsHelpers,
  type ReportsApp,
  startReportsApp,
} from './reports.fixtures';

let app: ReportsApp;
let t: TestApp;
let alpha: CompanyRow;
let alphaChild: CompanyRow;
let beta: CompanyRow;
let adminAlpha: TestSession;
let adminBeta: TestSession;
let guestAlpha: TestSession;
let world: ReportWorld;

beforeAll(async () => {
  app = await startReportsApp();
  ({ t, alpha, alphaChild, beta, adminAlpha, adminBeta, guestAlpha, world } = app);
});
afterAll(() => t.close());

const { call, dayReport } = reportsHelpers(() => app);

const templateCount = async () => (await t.db.select().from(reportTemplates)).length;

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
      parameter_names: ALL_REPORT_PARAMETERS,
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

  it('writes who created, changed and deleted a template to the action log', async () => {
    const { body } = await call<ReportTemplate>(adminAlpha, 'POST', '/api/reports', dayReport());
    const id = body.data.id;
    await call(adminAlpha, 'PUT', `/api/reports/${id}`, { name: 'Renamed', recipients: [] });
    // A refused change is not an action.
    await call(adminAlpha, 'PUT', `/api/reports/${id}`, { recipients: ['x'] });
    await call(adminAlpha, 'DELETE', `/api/reports/${id}`);
    const logged = await t.db
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.entity, 'report_template'), eq(actionLogs.entityId, String(id))))
      .orderBy(asc(actionLogs.id));
    expect(logged.map((row) => row.action)).toEqual([
      'report_template_create',
      'report_template_update',
      'report_template_delete',
    ]);
    for (const row of logged)
      expect(row).toMatchObject({ userId: app.alphaUser.id, companyId: alpha.id });
    expect(logged.map((row) => row.details)).toEqual([
      { name: 'Daily fleet', company_id: alpha.id, type: 'single' },
      { name: 'Renamed', company_id: alpha.id, fields: ['name', 'recipients'] },
      { name: 'Renamed', company_id: alpha.id },
    ]);
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
