import type { ConfigActionKind, ConfigRequest } from '@netfleet/contracts';
import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import {
  companies,
  configActionDevices,
  configActions,
  deviceJobs,
  devices,
  users,
} from '@/db/schema';

const jobCount = (states: string) =>
  sql<number>`(select count(*) from ${configActionDevices} d join ${deviceJobs} j on j.id = d.job_id where d.action_id = ${configActions.id} and j.status in (${sql.raw(states)}))`.mapWith(
    Number,
  );

const rollbackOf = sql<
  string | null
>`(select o.name from ${configActions} o where o.id = ${configActions.rollbackOf})`;

const actionColumns = {
  id: configActions.id,
  name: configActions.name,
  kind: configActions.kind,
  companyId: configActions.companyId,
  templateId: configActions.templateId,
  templateName: configActions.templateName,
  rollbackOf,
  requests: configActions.requests,
  channel: configActions.channel,
  userEmail: users.email,
  createdAt: configActions.createdAt,
  devices:
    sql<number>`(select count(*) from ${configActionDevices} d where d.action_id = ${configActions.id})`.mapWith(
      Number,
    ),
  completed: jobCount(`'completed'`),
  failed: jobCount(`'failed', 'timeout', 'cancelled'`),
  pending: jobCount(`'queued', 'sent', 'running'`),
};
export type ConfigActionRow = NonNullable<Awaited<ReturnType<ConfigActionsRepository['find']>>>;

export interface NewConfigAction {
  name: string;
  kind: ConfigActionKind;
  companyId: number;
  userId: number;
  templateId: number | null;
  templateName: string | null;
  rollbackOf: number | null;
  requests: ConfigRequest[];
  channel: string;
}

/** A device the caller may configure, with what decides whether a template fits it. */
export interface ConfigTarget {
  id: number;
  companyId: number;
  model: string;
  firmware: string | null;
}

/** Configuration actions, their devices and logs; only this file touches their tables. */
export const createConfigActionsRepository = (db: Database) => {
  const selectActions = (tx: Executor) =>
    tx
      .select(actionColumns)
      .from(configActions)
      .innerJoin(companies, eq(companies.id, configActions.companyId))
      .leftJoin(users, eq(users.id, configActions.userId));

  return {
    /** The devices among `ids` that the viewer sees, with model and firmware. */
    async targets(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({
          id: devices.id,
          companyId: devices.companyId,
          model: devices.model,
          firmware: devices.firmware,
        })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
      return rows.map((row): ConfigTarget => ({ ...row, model: row.model ?? '' }));
    },

    async insert(
      action: NewConfigAction,
      members: readonly { deviceId: number; jobId: number }[],
      tx: Executor = db,
    ) {
      const [row] = await tx
        .insert(configActions)
        .values(action)
        .returning({ id: configActions.id });
      if (!row) throw new Error('config action insert returned nothing');
      if (members.length) {
        await tx
          .insert(configActionDevices)
          .values(members.map((member) => ({ ...member, actionId: row.id })));
      }
      return row.id;
    },

    async list(
      viewer: Viewer,
      query: { limit: number; offset: number; device_id?: number | undefined },
      tx: Executor = db,
    ) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.device_id) {
        filters.push(
          exists(
            tx
              .select({ one: sql`1` })
              .from(configActionDevices)
              .where(
                and(
                  eq(configActionDevices.actionId, configActions.id),
                  eq(configActionDevices.deviceId, query.device_id),
                ),
              ),
          ),
        );
      }
      const where = and(...filters);
      const rows = await selectActions(tx)
        .where(where)
        .orderBy(desc(configActions.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(configActions)
        .innerJoin(companies, eq(companies.id, configActions.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The action if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, name: string, tx: Executor = db) {
      const [row] = await selectActions(tx).where(
        and(eq(configActions.name, name), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** The action's devices with their job: state, what was sent and what the device answered. */
    async devicesOf(
      actionId: number,
      page: { limit: number; offset: number; deviceIds?: readonly number[] },
      tx: Executor = db,
    ) {
      const where = and(
        eq(configActionDevices.actionId, actionId),
        page.deviceIds ? inArray(configActionDevices.deviceId, [...page.deviceIds]) : undefined,
      );
      const rows = await tx
        .select({
          deviceId: devices.id,
          name: devices.name,
          serial: devices.serial,
          model: devices.model,
          jobId: deviceJobs.id,
          type: deviceJobs.type,
          args: deviceJobs.args,
          status: deviceJobs.status,
          message: deviceJobs.message,
          result: deviceJobs.result,
          sentAt: deviceJobs.sentAt,
          finishedAt: deviceJobs.finishedAt,
          createdAt: configActionDevices.createdAt,
          updatedAt: deviceJobs.updatedAt,
        })
        .from(configActionDevices)
        .innerJoin(devices, eq(devices.id, configActionDevices.deviceId))
        .leftJoin(deviceJobs, eq(deviceJobs.id, configActionDevices.jobId))
        .where(where)
        .orderBy(asc(devices.id))
        .limit(page.limit)
        .offset(page.offset);
      const [count] = await tx.select({ total: countAll }).from(configActionDevices).where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** One device's actions, newest first (its configuration logs), optionally one by name. */
    async actionsOfDevice(
      deviceId: number,
      query: { limit: number; offset: number; name?: string | undefined },
      tx: Executor = db,
    ) {
      const where = and(
        eq(configActionDevices.deviceId, deviceId),
        query.name === undefined ? undefined : eq(configActions.name, query.name),
      );
      const rows = await tx
        .select({
          actionName: configActions.name,
          kind: configActions.kind,
          templateName: configActions.templateName,
          jobId: deviceJobs.id,
          args: deviceJobs.args,
          status: deviceJobs.status,
          message: deviceJobs.message,
          result: deviceJobs.result,
          sentAt: deviceJobs.sentAt,
          finishedAt: deviceJobs.finishedAt,
          createdAt: configActionDevices.createdAt,
          updatedAt: deviceJobs.updatedAt,
        })
        .from(configActionDevices)
        .innerJoin(configActions, eq(configActions.id, configActionDevices.actionId))
        .leftJoin(deviceJobs, eq(deviceJobs.id, configActionDevices.jobId))
        .where(where)
        .orderBy(desc(configActions.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(configActionDevices)
        .innerJoin(configActions, eq(configActions.id, configActionDevices.actionId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },
  };
};

export type ConfigActionsRepository = ReturnType<typeof createConfigActionsRepository>;
