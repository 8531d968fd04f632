import type { DeviceApiSystem, DeviceDocumentationListQuery } from '@netfleet/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { dataCollectConfigs, deviceDocumentations } from '@/db/schema';

const SORTABLE = {
  id: deviceDocumentations.id,
  name: deviceDocumentations.name,
  api_system: deviceDocumentations.apiSystem,
  api_version: deviceDocumentations.apiVersion,
  size: deviceDocumentations.size,
  created_at: deviceDocumentations.createdAt,
  updated_at: deviceDocumentations.updatedAt,
};
const SEARCHABLE = {
  name: deviceDocumentations.name,
  api_version: deviceDocumentations.apiVersion,
};

export type DeviceDocumentationRow = typeof deviceDocumentations.$inferSelect;

export interface DocumentationFile {
  name: string;
  apiSystem: DeviceApiSystem;
  apiVersion: string;
  size: number;
  storageKey: string;
  userId: number;
}

/** The documentations are system-wide: every caller with the read permission sees all of them. */
export const createDeviceDocumentationsRepository = (db: Database) => ({
  async list(query: DeviceDocumentationListQuery, tx: Executor = db) {
    const filters: (SQL | undefined)[] = [];
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    if (query.api_system) filters.push(eq(deviceDocumentations.apiSystem, query.api_system));
    if (query.id?.length) filters.push(inArray(deviceDocumentations.id, query.id));
    const where = and(...filters);
    const orderBy = [
      ...orderByFrom(query.sort, SORTABLE, [asc(deviceDocumentations.id)]),
      asc(deviceDocumentations.id),
    ];
    const rows = await tx
      .select()
      .from(deviceDocumentations)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx.select({ total: countAll }).from(deviceDocumentations).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  async find(id: number, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(deviceDocumentations)
      .where(eq(deviceDocumentations.id, id));
    return row ?? null;
  },

  async findVersion(apiSystem: DeviceApiSystem, apiVersion: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(deviceDocumentations)
      .where(
        and(
          eq(deviceDocumentations.apiSystem, apiSystem),
          eq(deviceDocumentations.apiVersion, apiVersion),
        ),
      );
    return row ?? null;
  },

  /** The new id, or null when another upload took the system and version meanwhile. */
  async insert(values: DocumentationFile, tx: Executor = db) {
    const [row] = await tx
      .insert(deviceDocumentations)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: deviceDocumentations.id });
    return row?.id ?? null;
  },

  /** Puts a new file in place of an upload's, keeping its id (configs refer to it). */
  async replace(id: number, values: DocumentationFile, tx: Executor = db) {
    await tx.update(deviceDocumentations).set(values).where(eq(deviceDocumentations.id, id));
  },

  async remove(id: number, tx: Executor = db) {
    await tx.delete(deviceDocumentations).where(eq(deviceDocumentations.id, id));
  },

  /** How many data-collect configs are written against the documentation. */
  async configsUsing(id: number, tx: Executor = db) {
    const [count] = await tx
      .select({ total: countAll })
      .from(dataCollectConfigs)
      .where(eq(dataCollectConfigs.documentationId, id));
    return count?.total ?? 0;
  },

  /** The built-in row as the contracts describe it, on every start (several instances agree). */
  async ensureBuiltIn(
    values: {
      id: number;
      name: string;
      apiSystem: DeviceApiSystem;
      apiVersion: string;
      size: number;
    },
    tx: Executor = db,
  ) {
    const { id, ...rest } = values;
    await tx
      .insert(deviceDocumentations)
      .values({ id, ...rest, storageKey: null, userId: null })
      .onConflictDoUpdate({ target: deviceDocumentations.id, set: rest });
  },
});

export type DeviceDocumentationsRepository = ReturnType<
  typeof createDeviceDocumentationsRepository
>;
