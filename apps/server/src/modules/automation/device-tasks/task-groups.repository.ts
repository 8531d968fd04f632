import type { TaskAction, TaskData, TaskGroupListQuery, TaskListQuery } from '@netfleet/contracts';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, taskGroups, tasks } from '@/db/schema';

const groupColumns = {
  id: taskGroups.id,
  companyId: taskGroups.companyId,
  companyName: companies.name,
  companyPath: companies.path,
  name: taskGroups.name,
  successTagIds: taskGroups.successTagIds,
  failedTagIds: taskGroups.failedTagIds,
  createdAt: taskGroups.createdAt,
  updatedAt: taskGroups.updatedAt,
};
export type TaskGroupRow = NonNullable<Awaited<ReturnType<TaskGroupsRepository['find']>>>;

const taskColumns = {
  id: tasks.id,
  groupId: tasks.groupId,
  groupName: taskGroups.name,
  companyId: taskGroups.companyId,
  order: tasks.order,
  action: tasks.action,
  name: tasks.name,
  data: tasks.data,
  timeout: tasks.timeout,
  stopOnFailure: tasks.stopOnFailure,
  retries: tasks.retries,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

const GROUP_SORT = {
  id: taskGroups.id,
  name: taskGroups.name,
  created_at: taskGroups.createdAt,
  updated_at: taskGroups.updatedAt,
};
const TASK_SORT = {
  id: tasks.id,
  order: tasks.order,
  name: tasks.name,
  created_at: tasks.createdAt,
};

export interface TaskValues {
  order: number;
  action: TaskAction;
  name: string;
  data: TaskData;
  timeout: number;
  stopOnFailure: boolean;
  retries: number;
}

export interface GroupValues {
  name?: string;
  successTagIds?: number[];
  failedTagIds?: number[];
}

/** Task groups and their steps (RMS device task groups and device tasks). */
export const createTaskGroupsRepository = (db: Database) => {
  const selectGroups = (tx: Executor) =>
    tx
      .select(groupColumns)
      .from(taskGroups)
      .innerJoin(companies, eq(companies.id, taskGroups.companyId));
  const selectTasks = (tx: Executor) =>
    tx
      .select(taskColumns)
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .innerJoin(companies, eq(companies.id, taskGroups.companyId));

  const replaceTasks = async (groupId: number, steps: readonly TaskValues[], tx: Executor = db) => {
    await tx.delete(tasks).where(eq(tasks.groupId, groupId));
    if (steps.length) await tx.insert(tasks).values(steps.map((step) => ({ ...step, groupId })));
  };

  return {
    async list(viewer: Viewer, query: TaskGroupListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q)
        filters.push(searchFilter(query.q, query['search-fields'], { name: taskGroups.name }));
      if (query.name) filters.push(ilike(taskGroups.name, containsPattern(query.name)));
      if (query.company_id) filters.push(eq(taskGroups.companyId, query.company_id));
      if (query.id?.length) filters.push(inArray(taskGroups.id, query.id));
      const where = and(...filters);
      const rows = await selectGroups(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, GROUP_SORT, [asc(taskGroups.name)]), asc(taskGroups.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(taskGroups)
        .innerJoin(companies, eq(companies.id, taskGroups.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The group if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectGroups(tx).where(
        and(eq(taskGroups.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async stepCounts(groupIds: readonly number[], tx: Executor = db) {
      if (groupIds.length === 0) return new Map<number, number>();
      const rows = await tx
        .select({ groupId: tasks.groupId, count: countAll })
        .from(tasks)
        .where(inArray(tasks.groupId, [...groupIds]))
        .groupBy(tasks.groupId);
      return new Map(rows.map((row) => [row.groupId, row.count]));
    },

    async tasksOf(groupId: number, tx: Executor = db) {
      return selectTasks(tx)
        .where(eq(tasks.groupId, groupId))
        .orderBy(asc(tasks.order), asc(tasks.id));
    },

    async listTasks(viewer: Viewer, query: TaskListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.company_id) filters.push(eq(taskGroups.companyId, query.company_id));
      if (query.group_id) filters.push(eq(tasks.groupId, query.group_id));
      if (query.id?.length) filters.push(inArray(tasks.id, query.id));
      if (query.q)
        filters.push(searchFilter(query.q, query['search-fields'], { name: tasks.name }));
      const where = and(...filters);
      const rows = await selectTasks(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, TASK_SORT, [asc(tasks.groupId), asc(tasks.order)]),
          asc(tasks.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(tasks)
        .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
        .innerJoin(companies, eq(companies.id, taskGroups.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async findTask(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectTasks(tx).where(
        and(eq(tasks.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** The unique index on (company, lower(name)) rejects duplicates, races included. */
    async insert(
      values: {
        companyId: number;
        name: string;
        successTagIds: number[];
        failedTagIds: number[];
        createdBy: number;
      },
      steps: readonly TaskValues[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(taskGroups).values(values).returning({ id: taskGroups.id });
        if (!row) throw new Error('task group insert returned nothing');
        await replaceTasks(row.id, steps, tx);
        return row.id;
      });
    },

    /** The group's fields and, when given, all its steps, together. */
    async update(id: number, values: GroupValues, steps?: readonly TaskValues[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(taskGroups)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(taskGroups.id, id));
        if (steps) await replaceTasks(id, steps, tx);
      });
    },

    async updateTask(id: number, values: Partial<TaskValues>, tx: Executor = db) {
      await tx.update(tasks).set(values).where(eq(tasks.id, id));
    },

    async removeTask(id: number, tx: Executor = db) {
      await tx.delete(tasks).where(eq(tasks.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(taskGroups).where(eq(taskGroups.id, id));
    },
  };
};

export type TaskGroupsRepository = ReturnType<typeof createTaskGroupsRepository>;
