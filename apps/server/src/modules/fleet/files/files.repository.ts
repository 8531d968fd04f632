import type { FileListQuery, FileType } from '@netfleet/contracts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, files } from '@/db/schema';

const fileColumns = {
  id: files.id,
  companyId: files.companyId,
  companyName: companies.name,
  type: files.type,
  name: files.name,
  description: files.description,
  size: files.size,
  deviceModel: files.deviceModel,
  deviceId: files.deviceId,
  sha256: files.sha256,
  storageKey: files.storageKey,
  createdBy: files.createdBy,
  createdAt: files.createdAt,
};

const SORTABLE = {
  id: files.id,
  name: files.name,
  size: files.size,
  type: files.type,
  created_at: files.createdAt,
};
const SEARCHABLE = { name: files.name, description: files.description };

export interface NewFile {
  companyId: number;
  type: FileType;
  name: string;
  description: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdBy: number | null;
  deviceModel?: string | null;
  deviceId?: number | null;
  sourceJobId?: number | null;
}

const isGlobal = eq(files.type, 'global_firmware');
/** Files a viewer may read: its companies', and global firmware, which every company sees. */
const readable = (viewer: Viewer) => or(visibleCompaniesFilter(viewer), isGlobal);

export const createFilesRepository = (db: Database) => {
  const selectFiles = (tx: Executor) =>
    tx.select(fileColumns).from(files).innerJoin(companies, eq(companies.id, files.companyId));

  return {
    /**
     * One page of the viewer's files. `usableByCompanyPath` keeps those of that company and its
     * ancestors: the files a device of that company may be given.
     */
    async list(
      viewer: Viewer,
      query: FileListQuery,
      usableByCompanyPath?: string,
      tx: Executor = db,
    ) {
      const filters: (SQL | undefined)[] = [readable(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.type) filters.push(inArray(files.type, query.type));
      if (query.company_id) filters.push(eq(files.companyId, query.company_id));
      if (query.device_model) {
        filters.push(ilike(files.deviceModel, containsPattern(query.device_model)));
      }
      if (query.id?.length) filters.push(inArray(files.id, query.id));
      if (usableByCompanyPath !== undefined) {
        filters.push(or(sql`${usableByCompanyPath} like ${companies.path} || '%'`, isGlobal));
      }
      const where = and(...filters);
      const orderBy = [
        ...orderByFrom(query.sort, SORTABLE, [desc(files.createdAt)]),
        asc(files.id),
      ];
      const rows = await selectFiles(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(files)
        .innerJoin(companies, eq(companies.id, files.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The file if its company is one the viewer sees (or it is global firmware), else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectFiles(tx).where(and(eq(files.id, id), readable(viewer)));
      return row ?? null;
    },

    /** The files of `ids` the viewer may read, in no particular order; unknown ids are left out. */
    async findMany(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return selectFiles(tx).where(and(inArray(files.id, [...ids]), readable(viewer)));
    },

    /** Whether the file's company is one the viewer sees (who may change or delete it). */
    async isOwnedBy(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: files.id })
        .from(files)
        .innerJoin(companies, eq(companies.id, files.companyId))
        .where(and(eq(files.id, id), visibleCompaniesFilter(viewer)));
      return row !== undefined;
    },

    /** Any file, for a device holding a signed link (the signature is its authorisation). */
    async findForDownload(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ name: files.name, size: files.size, storageKey: files.storageKey })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },

    async insert(values: NewFile, tx: Executor = db) {
      const [row] = await tx.insert(files).values(values).returning({ id: files.id });
      if (!row) throw new Error('file insert returned nothing');
      return row.id;
    },

    async updateDescription(id: number, description: string, tx: Executor = db) {
      await tx.update(files).set({ description }).where(eq(files.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(files).where(eq(files.id, id));
    },
  };
};

export type FilesRepository = ReturnType<typeof createFilesRepository>;
