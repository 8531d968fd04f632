import {
  OPEN_DEVICE_JOB_STATES,
  type DeviceActionLogsQuery,
  type PendingUpdatesQuery,
} from '@netfleet/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, deviceJobs, deviceTags, devices } from '@/db/schema';
import { createJobDispatchRepository } from './job-dispatch.repository';
import { createJobMovesRepository } from './job-moves.repository';

const OPEN = [...OPEN_DEVICE_JOB_STATES];

const jobColumns = {
  id: deviceJobs.id,
  deviceId: deviceJobs.deviceId,
  deviceName: devices.name,
  deviceSerial: devices.serial,
  userId: deviceJobs.userId,
  channel: deviceJobs.channel,
  type: deviceJobs.type,
  args: deviceJobs.args,
  status: deviceJobs.status,
  progress: deviceJobs.progress,
  message: deviceJobs.message,
  result: deviceJobs.result,
  expiresAt: deviceJobs.expiresAt,
  sentAt: deviceJobs.sentAt,
  finishedAt: deviceJobs.finishedAt,
  createdAt: deviceJobs.createdAt,
};

/**
 * Device jobs: what dispatch (job-dispatch.repository.ts) and status moves
 * (job-moves.repository.ts) need, and the viewer-scoped reads the API and other modules make.
 */
export const createDeviceJobsRepository = (db: Database) => {
  const selectJobs = (tx: Executor) =>
    tx
      .select(jobColumns)
      .from(deviceJobs)
      .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId));

  return {
    ...createJobDispatchRepository(db),
    ...createJobMovesRepository(db),

    /** The ids among `ids` of devices the viewer sees, with what firmware and periods need. */
    async visibleDevices(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: devices.id,
          companyId: devices.companyId,
          companyPath: companies.path,
          capabilities: devices.capabilities,
        })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
    },

    /** One job of a device the viewer sees. */
    async find(viewer: Viewer, deviceId: number, jobId: number, tx: Executor = db) {
      const [row] = await selectJobs(tx).where(
        and(
          eq(deviceJobs.id, jobId),
          eq(deviceJobs.deviceId, deviceId),
          visibleCompaniesFilter(viewer),
        ),
      );
      return row ?? null;
    },

    /**
     * The device's open job of `type` whose args carry `nonce` (a device's upload link names
     * it), with what a file made from it needs of the device.
     */
    async openJobWithNonce(deviceId: number, type: string, nonce: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: deviceJobs.id,
          userId: deviceJobs.userId,
          args: deviceJobs.args,
          companyId: devices.companyId,
          deviceName: devices.name,
          serial: devices.serial,
          model: devices.model,
        })
        .from(deviceJobs)
        .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
        .where(
          and(
            eq(deviceJobs.deviceId, deviceId),
            eq(deviceJobs.type, type),
            sql`${deviceJobs.args}->>'nonce' = ${nonce}`,
            inArray(deviceJobs.status, OPEN),
          ),
        );
      return row ?? null;
    },

    /** The open jobs of `types` on the viewer's devices among `deviceIds`. */
    async openOfType(
      viewer: Viewer,
      deviceIds: number[],
      types: readonly string[],
      tx: Executor = db,
    ) {
      if (deviceIds.length === 0) return [];
      return selectJobs(tx).where(
        and(
          inArray(deviceJobs.deviceId, deviceIds),
          inArray(deviceJobs.type, [...types]),
          inArray(deviceJobs.status, OPEN),
          visibleCompaniesFilter(viewer),
        ),
      );
    },

    /**
     * The viewer's jobs among `jobIds` and/or on `deviceIds` (at least one list is given), in
     * any state when jobs are named, else only the open ones.
     */
    async jobsOf(
      viewer: Viewer,
      { deviceIds, jobIds }: { deviceIds?: readonly number[]; jobIds?: readonly number[] },
      tx: Executor = db,
    ) {
      return selectJobs(tx).where(
        and(
          deviceIds ? inArray(deviceJobs.deviceId, [...deviceIds]) : undefined,
          jobIds ? inArray(deviceJobs.id, [...jobIds]) : inArray(deviceJobs.status, OPEN),
          visibleCompaniesFilter(viewer),
        ),
      );
    },

    /** Job history of the viewer's devices, newest first. */
    async list(viewer: Viewer, query: DeviceActionLogsQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.device_id) filters.push(eq(deviceJobs.deviceId, query.device_id));
      if (query.id?.length) filters.push(inArray(deviceJobs.id, query.id));
      if (query.tag_id) {
        const tagged = tx
          .select({ id: deviceTags.deviceId })
          .from(deviceTags)
          .where(eq(deviceTags.tagId, query.tag_id));
        filters.push(inArray(deviceJobs.deviceId, tagged));
      }
      return page(tx, and(...filters), query);
    },

    /** Open firmware and backup restore jobs of the viewer's devices (of one with device_id). */
    async pendingUpdates(viewer: Viewer, query: PendingUpdatesQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        inArray(
          deviceJobs.type,
          query.job_type === 2
            ? ['backup_restore']
            : query.job_type === 1
              ? ['firmware_update']
              : ['firmware_update', 'backup_restore'],
        ),
        inArray(deviceJobs.status, OPEN),
        query.device_id ? eq(deviceJobs.deviceId, query.device_id) : undefined,
      );
      return page(tx, where, query);
    },
  };

  async function page(
    tx: Executor,
    where: SQL | undefined,
    query: { limit: number; offset: number },
  ) {
    const rows = await selectJobs(tx)
      .where(where)
      .orderBy(desc(deviceJobs.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(deviceJobs)
      .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  }
};

export type DeviceJobsRepository = ReturnType<typeof createDeviceJobsRepository>;
