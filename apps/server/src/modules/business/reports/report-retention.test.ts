import type { ReportTemplate } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedReports } from '@/db/schema';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs } from '@test/session';
import { createReportRetention } from './report-retention';
import { createReportsCore } from './reports.module';

// Reports generated at chosen times (created_at set after the fact), deleted 30 days after.
const NOW = new Date('2030-05-15T10:00:00Z');
const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestApp;
let core: ReturnType<typeof createReportsCore>;
let templateId: number;
const logged: unknown[] = [];
const log = { error: () => undefined, info: (entry: unknown) => logged.push(entry) };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  const company = await createCompany(t.db, { name: 'Kept' });
  const session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: session.headers,
    payload: {
      name: 'Alerts',
      type: 'single',
      period: 'day',
      parameters: ['alerts'],
      applied_by: 'company',
      apply_list: [company.id],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  templateId = created.json<{ data: ReportTemplate }>().data.id;
  core = createReportsCore({
    db: t.db,
    now: () => NOW,
    mail: { deliver: async () => ({ ok: true }) },
    smtp: { routeFor: async () => null },
    loadIdentity: (userId) => createAuthRepository(t.db).loadIdentity(userId),
    log,
  });
});
afterAll(() => t.close());

const generatedAt = async (createdAt: Date) => {
  const { id } = await core.generator.generate(templateId, {
    start: ago(DAY_MS),
    end: NOW,
  });
  await t.db.update(generatedReports).set({ createdAt }).where(eq(generatedReports.id, id));
  return id;
};

const storedIds = async () =>
  (
    await t.db
      .select({ id: generatedReports.id })
      .from(generatedReports)
      .orderBy(generatedReports.id)
  ).map((row) => row.id);

describe('generated report retention', () => {
  it('deletes the reports generated before the retention, in batches, and keeps the rest', async () => {
    await generatedAt(ago(400 * DAY_MS));
    await generatedAt(ago(31 * DAY_MS));
    await generatedAt(ago(30 * DAY_MS + 1000));
    const kept = [await generatedAt(ago(30 * DAY_MS)), await generatedAt(ago(DAY_MS))];
    const batches: number[] = [];
    const retention = createReportRetention({
      generated: {
        deleteOlderThan: async (before, limit) => {
          const deleted = await core.generated.deleteOlderThan(before, limit);
          batches.push(deleted);
          return deleted;
        },
      },
      days: 30,
      now: () => NOW,
      log,
      batch: 2,
    });

    expect(await retention.run()).toBe(3);
    expect(batches).toEqual([2, 1]);
    expect(await storedIds()).toEqual(kept);
    expect(await retention.run()).toBe(0);
    expect(await storedIds()).toEqual(kept);
  });

  it('runs as a job from its start until it is stopped', async () => {
    const before = await storedIds();
    await generatedAt(ago(90 * DAY_MS));
    const retention = createReportRetention({
      generated: core.generated,
      days: 30,
      now: () => NOW,
      log,
    });
    retention.start();
    // Stopping waits for the run under way.
    await retention.stop();
    expect(await storedIds()).toEqual(before);
    expect(logged).toContainEqual({ deleted: 1 });
  });
});
