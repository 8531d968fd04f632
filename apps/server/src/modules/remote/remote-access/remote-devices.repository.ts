import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, devices, users } from '@/db/schema';

const deviceColumns = {
  id: devices.id,
  name: devices.name,
  companyId: devices.companyId,
  companyName: companies.name,
};

/** The devices and users remote access names, as far as the caller may see them. */
export const createRemoteDevicesRepository = (db: Database) => ({
  /** The device if its company is one the viewer sees, else null (the caller answers 404). */
  async findVisible(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select(deviceColumns)
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(eq(devices.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /** The viewer's devices among `ids`, by id. */
  async visibleByIds(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Map<number, { id: number; companyId: number }>();
    const rows = await tx
      .select({ id: devices.id, companyId: devices.companyId })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** Which of `ids` are users of companies the viewer sees. */
  async visibleUserIds(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Set<number>();
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(inArray(users.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Set(rows.map((row) => row.id));
  },
});

export type RemoteDevicesRepository = ReturnType<typeof createRemoteDevicesRepository>;
export type RemoteDevice = NonNullable<Awaited<ReturnType<RemoteDevicesRepository['findVisible']>>>;
