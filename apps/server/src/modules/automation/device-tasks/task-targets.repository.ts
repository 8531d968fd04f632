import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, configTemplates, devices, files, monitoringTemplates, tags } from '@/db/schema';

/** What a group or a run names (companies, tags, devices, firmware files), as the viewer sees it. */
export const createTaskTargetsRepository = (db: Database) => ({
  async companies(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: companies.id, path: companies.path })
      .from(companies)
      .where(and(inArray(companies.id, [...ids]), visibleCompaniesFilter(viewer)));
  },

  async tags(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: tags.id, path: companies.path })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(and(inArray(tags.id, [...ids]), visibleCompaniesFilter(viewer)));
  },

  async devices(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: devices.id, path: companies.path, model: devices.model })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
  },

  async files(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: files.id,
        type: files.type,
        name: files.name,
        size: files.size,
        sha256: files.sha256,
        device_model: files.deviceModel,
      })
      .from(files)
      .innerJoin(companies, eq(companies.id, files.companyId))
      .where(
        and(
          inArray(files.id, [...ids]),
          // Global firmware is every company's to use.
          or(visibleCompaniesFilter(viewer), eq(files.type, 'global_firmware')),
        ),
      );
  },

  async monitoringTemplates(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: monitoringTemplates.id,
        name: monitoringTemplates.name,
        parameters: monitoringTemplates.parameters,
      })
      .from(monitoringTemplates)
      .innerJoin(companies, eq(companies.id, monitoringTemplates.companyId))
      .where(and(inArray(monitoringTemplates.id, [...ids]), visibleCompaniesFilter(viewer)));
  },

  async templates(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: configTemplates.id,
        name: configTemplates.name,
        requests: configTemplates.requests,
        device_model: configTemplates.deviceModel,
        min_firmware: configTemplates.minFirmware,
        max_firmware: configTemplates.maxFirmware,
      })
      .from(configTemplates)
      .innerJoin(companies, eq(companies.id, configTemplates.companyId))
      .where(and(inArray(configTemplates.id, [...ids]), visibleCompaniesFilter(viewer)));
  },
});

export type TaskTargetsRepository = ReturnType<typeof createTaskTargetsRepository>;
