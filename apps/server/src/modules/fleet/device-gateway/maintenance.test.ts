import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnlineSamples, devices } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany } from '@test/factories';
import { createGatewayRepository } from './gateway.repository';
import { maintainPartitions, sampleSlot } from './maintenance';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const day = (offset: number, from = new Date()) =>
  new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

describe('gateway maintenance', () => {
  it('gives the embedded database planner statistics for the searched tables', async () => {
    const repository = createGatewayRepository(t.db);
    const company = await createCompany(t.db, { name: 'Analyzed' });
    await t.db.insert(devices).values({
      companyId: company.id,
      name: 'Statistics probe',
      serial: '7700000001',
      deviceSeries: 'rut',
    });
    const analyzed = await repository.refreshStatistics();
    // PostgreSQL's autovacuum keeps its statistics; only PGlite is analyzed here.
    expect(analyzed).toBe(!process.env.DATABASE_URL);
    if (!analyzed) return;
    const stats = await t.db.execute(
      sql`select count(*)::int as n from pg_stats where tablename = 'device_search'`,
    );
    expect((stats as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
  });

  it('creates daily partitions a week ahead and drops those past retention', async () => {
    const repository = createGatewayRepository(t.db);
    await repository.createTelemetryPartition('2020-01-01', '2020-01-02');
    const now = new Date();
    await maintainPartitions({ repository, retentionDays: 30, now: () => now, log: t.app.log });
    const partitions = await repository.telemetryPartitions();
    expect(partitions).toContain(`device_telemetry_${day(7, now)}`);
    expect(partitions).toContain(`device_telemetry_${day(0, now)}`);
    expect(partitions).not.toContain('device_telemetry_20200101');
    // The default partition is no daily partition: it stays.
    expect(partitions).toContain('device_telemetry_default');

    // With a shorter retention, yesterday's partition (made by the migration) goes too.
    await maintainPartitions({
      repository,
      retentionDays: 0,
      now: () => now,
      log: t.app.log,
    });
    expect(await repository.telemetryPartitions()).not.toContain(
      `device_telemetry_${day(-1, now)}`,
    );
  });

  it('samples online and total devices per company once per 5-minute slot', async () => {
    const repository = createGatewayRepository(t.db);
    const company = await createCompany(t.db);
    await t.db.insert(devices).values([
      { companyId: company.id, name: 'a', serial: 'SAMPLE0001', deviceSeries: 'rut', status: 1 },
      { companyId: company.id, name: 'b', serial: 'SAMPLE0002', deviceSeries: 'rut', status: 0 },
    ]);
    const slot = sampleSlot(new Date('2026-03-01T10:07:31Z'));
    expect(slot.toISOString()).toBe('2026-03-01T10:05:00.000Z');
    await repository.sampleOnline(slot);
    await repository.sampleOnline(slot);
    const samples = await t.db
      .select()
      .from(deviceOnlineSamples)
      .where(eq(deviceOnlineSamples.companyId, company.id));
    expect(samples).toEqual([{ companyId: company.id, at: slot, online: 1, total: 2 }]);
  });
});
