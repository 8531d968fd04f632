import { randomUUID } from 'node:crypto';
import {
  DEVICE_DASHBOARD_MESSAGES as MESSAGES,
  DEVICE_DASHBOARDS_MAX,
  type DeviceDashboard,
  type deviceDashboardCreateSchema,
  type deviceDashboardUpdateSchema,
  type DeviceDashboardWidget,
  type deviceDashboardWidgetInputSchema,
  toApiDate,
} from '@netfleet/contracts';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { conflict, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import { checkWidgets, type FindImage } from './device-dashboard-widgets';
import type {
  DashboardValues,
  DeviceDashboardRow,
  DeviceDashboardsRepository,
} from './device-dashboards.repository';

type CreateBody = z.output<typeof deviceDashboardCreateSchema>;
type UpdateBody = z.output<typeof deviceDashboardUpdateSchema>;
type WidgetInput = z.output<typeof deviceDashboardWidgetInputSchema>;

interface Deps {
  repository: DeviceDashboardsRepository;
  transaction: RunInTransaction;
  actionLog: Pick<ActionLogService, 'record'>;
  /** The images the caller may place (the images repository's `find`). */
  findImage: FindImage;
}

export const toDeviceDashboard = (row: DeviceDashboardRow): DeviceDashboard => ({
  id: row.id,
  device_id: row.deviceId,
  name: row.name,
  description: row.description,
  range: row.range,
  widgets: row.widgets,
  created_by: row.createdBy,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

/** Widgets as stored: a new widget gets an id (ids sent are unique: the body schema checks). */
const stored = (widgets: readonly WidgetInput[]): DeviceDashboardWidget[] =>
  widgets.map((widget) => ({ ...widget, id: widget.id ?? randomUUID() }));

const nameTaken = () => conflict(MESSAGES.nameTaken, 'name');

/**
 * A device's dashboards. Every call first finds the device among the caller's companies: a device
 * out of reach is "not found", as on every other device route, and so is a dashboard of another
 * device.
 */
export const createDeviceDashboardsService = ({
  repository,
  transaction,
  actionLog,
  findImage,
}: Deps) => {
  const visibleDevice = async (
    auth: AuthContext,
    deviceId: number,
    tx?: Executor,
    forUpdate = false,
  ) => {
    const device = await repository.device(auth, deviceId, tx, forUpdate);
    if (!device) throw notFound(MESSAGES.deviceNotFound);
    return device;
  };

  /** Unique names lose races only to each other: the unique index answers those as 409 too. */
  const guarded = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  };

  return {
    async list(auth: AuthContext, deviceId: number) {
      await visibleDevice(auth, deviceId);
      return (await repository.list(deviceId)).map(toDeviceDashboard);
    },

    async get(auth: AuthContext, deviceId: number, id: number) {
      await visibleDevice(auth, deviceId);
      const row = await repository.find(deviceId, id);
      if (!row) throw notFound(MESSAGES.notFound);
      return toDeviceDashboard(row);
    },

    async create(auth: AuthContext, deviceId: number, body: CreateBody, ip: string) {
      const row = await guarded(() =>
        transaction(async (tx) => {
          const device = await visibleDevice(auth, deviceId, tx, true);
          if ((await repository.count(deviceId, tx)) >= DEVICE_DASHBOARDS_MAX) {
            throw conflict(MESSAGES.tooMany);
          }
          if (await repository.nameTaken(deviceId, body.name, null, tx)) throw nameTaken();
          await checkWidgets(auth, device, body.widgets, [], findImage, tx);
          const created = await repository.insert(
            {
              deviceId,
              createdBy: auth.user.id,
              name: body.name,
              description: body.description,
              range: body.range,
              widgets: stored(body.widgets),
            },
            tx,
          );
          await actionLog.record(
            actorOf(auth, ip),
            'device_dashboard_create',
            {
              entity: 'device',
              entityId: deviceId,
              details: {
                dashboard_id: created.id,
                name: created.name,
                company_id: device.companyId,
              },
            },
            tx,
          );
          return created;
        }),
      );
      return toDeviceDashboard(row);
    },

    async update(auth: AuthContext, deviceId: number, id: number, body: UpdateBody, ip: string) {
      const row = await guarded(() =>
        transaction(async (tx) => {
          const device = await visibleDevice(auth, deviceId, tx);
          const current = await repository.find(deviceId, id, tx, true);
          if (!current) throw notFound(MESSAGES.notFound);
          if (body.widgets !== undefined) {
            await checkWidgets(auth, device, body.widgets, current.widgets, findImage, tx);
          }
          if (
            body.name !== undefined &&
            (await repository.nameTaken(deviceId, body.name, id, tx))
          ) {
            throw nameTaken();
          }
          const values: Partial<DashboardValues> = {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.description === undefined ? {} : { description: body.description }),
            ...(body.range === undefined ? {} : { range: body.range }),
            ...(body.widgets === undefined ? {} : { widgets: stored(body.widgets) }),
          };
          const updated = await repository.update(id, values, tx);
          await actionLog.record(
            actorOf(auth, ip),
            'device_dashboard_update',
            {
              entity: 'device',
              entityId: deviceId,
              details: {
                dashboard_id: id,
                name: updated.name,
                ...(body.name !== undefined && body.name !== current.name
                  ? { previous_name: current.name }
                  : {}),
                changed: Object.keys(values),
              },
            },
            tx,
          );
          return updated;
        }),
      );
      return toDeviceDashboard(row);
    },

    async remove(auth: AuthContext, deviceId: number, id: number, ip: string) {
      await transaction(async (tx) => {
        await visibleDevice(auth, deviceId, tx);
        const current = await repository.find(deviceId, id, tx, true);
        if (!current) throw notFound(MESSAGES.notFound);
        await repository.remove(id, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'device_dashboard_delete',
          {
            entity: 'device',
            entityId: deviceId,
            details: { dashboard_id: id, name: current.name },
          },
          tx,
        );
      });
    },
  };
};

export type DeviceDashboardsService = ReturnType<typeof createDeviceDashboardsService>;
