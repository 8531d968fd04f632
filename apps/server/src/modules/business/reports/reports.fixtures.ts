import { eq } from 'drizzle-orm';
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
import { createPendingDevice } from '@test/devices';

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
