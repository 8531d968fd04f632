import type { StatusChannelData } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@/db/client';
import {
  alertEvents,
  creditLedger,
  deviceDataUsage,
  deviceTags,
  devices,
  remoteSessions,
  tags,
  taskGroupLogs,
  taskRuns,
} from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createPendingDevice } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { createOutbox, type Outbox } from '@test/outbox';
import { loginAs, type TestSession } from '@test/session';

const at = (iso: string) => new Date(iso);

/** A dynamic reading with one modem. */
const reading = (
  deviceId: number,
  iso: string,
  values: {
    uptime: number;
    temperature: number | null;
    signal: number;
    operator: string;
    type: string;
  },
) => ({
  deviceId,
  category: 0,
  ts: at(iso),
  receivedAt: at(iso),
  data: {
    uptime: values.uptime,
    temperature: values.temperature,
    wan_state: 'mobile',
    modems: [
      {
        modem: 1,
        sim: 1,
        signal: values.signal,
        operator: values.operator,
        network_state: 'registered',
        connection_type: values.type,
        rx: 0,
        tx: 0,
      },
    ],
  } as Record<string, unknown>,
});

export interface ReportWorld {
  north: number;
  south: number;
  foreign: number;
  tagId: number;
}

/**
 * Two devices of Alpha (North in Alpha, South in its subsidiary) and one of Beta, each with what a
 * report of 2030-05-14 (UTC) reads, and readings on the days around it that it must leave out.
 */
export const seedReportWorld = async (
  db: Database,
  {
    alpha,
    alphaChild,
    beta,
    user,
  }: { alpha: CompanyRow; alphaChild: CompanyRow; beta: CompanyRow; user: UserRow },
): Promise<ReportWorld> => {
  const device = async (company: CompanyRow, name: string) => {
    const { id } = await createPendingDevice(db, { companyId: company.id });
    await db.update(devices).set({ name }).where(eq(devices.id, id));
    return id;
  };
  const north = await device(alpha, 'North');
  const south = await device(alphaChild, 'South');
  const foreign = await device(beta, 'Foreign');
  const [tag] = await db
    .insert(tags)
    .values({ companyId: alpha.id, name: 'reported' })
    .returning({ id: tags.id });
  if (!tag) throw new Error('tag insert failed');
  await db.insert(deviceTags).values({ deviceId: north, tagId: tag.id });

  const lte = { operator: 'Tele2', type: 'LTE' };
  await db.insert(deviceTelemetry).values([
    // North: readings 5 minutes apart (its monitoring period), then a silence of 1 h 50 min.
    reading(north, '2030-05-14T10:00:00Z', { uptime: 1000, temperature: 350, signal: -70, ...lte }),
    reading(north, '2030-05-14T10:05:00Z', { uptime: 1300, temperature: 420, signal: -80, ...lte }),
    reading(north, '2030-05-14T10:10:00Z', { uptime: 1600, temperature: 380, signal: -65, ...lte }),
    reading(north, '2030-05-14T12:00:00Z', {
      uptime: 8200,
      temperature: 400,
      signal: -75,
      operator: 'Bite',
      type: '5G-NSA',
    }),
    // The days around the report: never in it.
    reading(north, '2030-05-13T23:59:59Z', {
      uptime: 999_999,
      temperature: 900,
      signal: -10,
      ...lte,
    }),
    reading(north, '2030-05-15T00:00:00Z', {
      uptime: 999_999,
      temperature: 900,
      signal: -10,
      ...lte,
    }),
    reading(south, '2030-05-14T10:00:00Z', { uptime: 50, temperature: null, signal: -90, ...lte }),
    reading(south, '2030-05-14T10:05:00Z', {
      uptime: 350,
      temperature: null,
      signal: -100,
      ...lte,
    }),
    reading(foreign, '2030-05-14T10:00:00Z', { uptime: 5, temperature: 300, signal: -50, ...lte }),
  ]);

  await db.insert(deviceDataUsage).values([
    { deviceId: north, day: '2030-05-14', modem: 1, sim: 1, rx: 1000, tx: 200 },
    { deviceId: north, day: '2030-05-14', modem: 1, sim: 2, rx: 50, tx: 5 },
    { deviceId: north, day: '2030-05-13', modem: 1, sim: 1, rx: 99_999, tx: 99_999 },
    // Beyond 32 bits: bytes stay exact.
    { deviceId: south, day: '2030-05-14', modem: 1, sim: 1, rx: 3_000_000_000, tx: 4_000_000_000 },
    { deviceId: foreign, day: '2030-05-14', modem: 1, sim: 1, rx: 7, tx: 7 },
  ]);

  const alert = (deviceId: number, companyId: number, kind: string, iso: string) => ({
    evaluationId: `ev-${deviceId}-${iso}`,
    source: 'automation',
    kind,
    deviceId,
    companyId,
    evaluatedParameters: [],
    evaluatedConditions: [],
    message: 'Weak signal',
    readingTs: at(iso),
    overallStatus: 'success',
    createdAt: at(iso),
  });
  await db
    .insert(alertEvents)
    .values([
      alert(north, alpha.id, 'fired', '2030-05-14T10:06:00Z'),
      alert(north, alpha.id, 'event', '2030-05-14T18:00:00Z'),
      alert(north, alpha.id, 'resolved', '2030-05-14T18:30:00Z'),
      alert(north, alpha.id, 'fired', '2030-05-15T01:00:00Z'),
      alert(foreign, beta.id, 'fired', '2030-05-14T10:00:00Z'),
    ]);

  const [run] = await db
    .insert(taskRuns)
    .values({
      groupName: 'Nightly',
      companyId: alpha.id,
      status: 'completed',
      targets: { deviceIds: [north], tagIds: [], companyIds: [] },
      steps: [],
      startAt: at('2030-05-14T02:00:00Z'),
      validUntil: at('2030-05-14T03:00:00Z'),
    })
    .returning({ id: taskRuns.id });
  if (!run) throw new Error('task run insert failed');
  const [retry] = await db
    .insert(taskRuns)
    .values({
      groupName: 'Retry',
      companyId: alpha.id,
      status: 'completed',
      targets: { deviceIds: [north], tagIds: [], companyIds: [] },
      steps: [],
      startAt: at('2030-05-14T04:00:00Z'),
      validUntil: at('2030-05-14T05:00:00Z'),
    })
    .returning({ id: taskRuns.id });
  if (!retry) throw new Error('task run insert failed');
  await db.insert(taskGroupLogs).values([
    {
      runId: run.id,
      deviceId: north,
      name: 'Nightly',
      state: 'completed',
      finishedAt: at('2030-05-14T02:10:00Z'),
    },
    {
      runId: retry.id,
      deviceId: north,
      name: 'Retry',
      state: 'failed',
      finishedAt: at('2030-05-14T04:10:00Z'),
    },
  ]);

  await db.insert(remoteSessions).values({
    type: 'webui',
    userId: user.id,
    companyId: alphaChild.id,
    deviceId: south,
    protocol: 'http',
    destinationIp: '192.168.1.1',
    destinationPort: 80,
    hostToken: 'a'.repeat(32),
    createdAt: at('2030-05-14T09:00:00Z'),
    expiresAt: at('2030-05-14T10:00:00Z'),
    inputBytes: 100,
    outputBytes: 23,
  });

  await db.insert(creditLedger).values({
    companyId: alpha.id,
    creditTypeId: 2,
    actionType: 3,
    amount: -2,
    balanceAfter: 0,
    deviceId: north,
    createdAt: at('2030-05-14T00:30:00Z'),
  });
  return { north, south, foreign, tagId: tag.id };
};

/**
 * 2030-05-15, 10:00 UTC: a day report covers the 14th. The clock is ahead of real time: sessions
 * are stamped by it but checked by the real clock.
 */
export const REPORTS_NOW = new Date('2030-05-15T10:00:00Z');

/** Alpha (with a subsidiary) and Beta, their admins, a guest, the super admin and the world. */
export interface ReportsApp {
  t: TestApp;
  outbox: Outbox;
  alpha: CompanyRow;
  alphaChild: CompanyRow;
  beta: CompanyRow;
  /** The user adminAlpha is signed in as. */
  alphaUser: UserRow;
  adminAlpha: TestSession;
  adminBeta: TestSession;
  guestAlpha: TestSession;
  superAdmin: TestSession;
  world: ReportWorld;
}

export const startReportsApp = async (): Promise<ReportsApp> => {
  const outbox = createOutbox();
  const t = await buildTestApp({}, { now: () => REPORTS_NOW, mailTransport: outbox.transport });
  const alpha = await createCompany(t.db, { name: 'Alpha' });
  const alphaChild = await createCompany(t.db, { parent: alpha, name: 'Alpha Child' });
  const beta = await createCompany(t.db, { name: 'Beta' });
  const alphaUser = await createUser(t.db, 'admin', { company: alpha });
  return {
    t,
    outbox,
    alpha,
    alphaChild,
    beta,
    alphaUser,
    adminAlpha: await loginAs(t.app, alphaUser),
    adminBeta: await loginAs(t.app, await createUser(t.db, 'admin', { company: beta })),
    guestAlpha: await loginAs(t.app, await createUser(t.db, 'read_only', { company: alpha })),
    superAdmin: await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    world: await seedReportWorld(t.db, { alpha, alphaChild, beta, user: alphaUser }),
  };
};

export interface ReportsBody<T> {
  data: T;
  meta: { total: number; channel: string; max_router_uptime: string | null };
  errors: { code: string; message: string; source: string | null }[];
}

export const ALL_REPORT_PARAMETERS = [
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

/** Requests of the app `current()` gives (it is built in a beforeAll). */
export const reportsHelpers = (current: () => ReportsApp) => {
  const call = async <T = unknown>(
    session: TestSession,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await current().t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json<ReportsBody<T>>(),
    };
  };

  /** A single report of Alpha's last whole day with every parameter, mailed to Ops. */
  const dayReport = (overrides: object = {}) => ({
    name: 'Daily fleet',
    description: 'Alpha and its subsidiary',
    type: 'single',
    period: 'day',
    parameters: ALL_REPORT_PARAMETERS,
    applied_by: 'company',
    apply_list: [current().alpha.id],
    recipients: ['Ops@Example.com'],
    ...overrides,
  });

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

  return { call, dayReport, generate };
};
