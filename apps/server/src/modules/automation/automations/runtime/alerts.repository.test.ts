import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, automationAlerts } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { createAlertsRepository } from './alerts.repository';
import { insertSignalRule } from './runtime.fixtures';

let t: TestApp;
let company: CompanyRow;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
});
afterAll(() => t.close());

describe('alerts repository', () => {
  it('closes thousands of alerts in one batch, once', async () => {
    const user = await createUser(t.db, 'admin', { company });
    const device = await insertDevice(t.db, company, { name: 'RUT955-many' });
    const rule = await insertSignalRule(t.db, {
      companyId: company.id,
      userId: user.id,
      deviceId: device.id,
      actions: [],
    });
    await t.db.insert(automationAlerts).values({
      automationId: rule.id,
      deviceId: device.id,
      companyId: company.id,
      firedAt: new Date(),
      lastNotifiedAt: new Date(),
      notifyCount: 1,
      firedValues: { signal: -120 },
    });
    // A storm's resolves: this alert among 5,000 pairs (most of them closed already).
    const pairs = Array.from({ length: 5000 }, (_, i) => ({
      op: 'close' as const,
      automationId: rule.id + 1 + i,
      deviceId: device.id,
    }));
    pairs.push({ op: 'close', automationId: rule.id, deviceId: device.id });
    const repository = createAlertsRepository(t.db);
    await t.db.transaction((tx) =>
      repository.write(
        {
          events: [
            {
              evaluationId: 'e-many',
              kind: 'resolved',
              automationId: rule.id,
              revision: 1,
              deviceId: device.id,
              companyId: company.id,
              evaluatedParameters: [{ key: 'signal', value: -80 }],
              evaluatedConditions: [{ key: 'cond_0', value: false }],
              message: 'Resolved',
              readingTs: new Date(),
              reason: 'cleared',
              overallStatus: 'success',
              actions: [],
            },
          ],
          alerts: pairs,
          fires: [],
        },
        tx,
      ),
    );
    const open = await t.db
      .select()
      .from(automationAlerts)
      .where(eq(automationAlerts.automationId, rule.id));
    expect(open).toEqual([]);
    const events = await t.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.automationId, rule.id));
    expect(events).toHaveLength(1);
  });
});
