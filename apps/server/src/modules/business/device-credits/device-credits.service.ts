import {
  addCalendarMonths,
  creditTypeById,
  DEVICE_CREDIT_MESSAGES,
  DEVICE_CREDIT_MOVE_MESSAGES,
  DEVICE_MESSAGES,
  ERROR_CODES,
  type CreditType,
  type DeviceCreditBody,
  type MoveDeviceCreditsBody,
  type MovedDeviceCredits,
} from '@netfleet/contracts';
import { ApiError, invalid, notFound } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { CreditLedger, CreditLow } from '../credits/credit-ledger';
import type { CreditEvents } from '../credits/credits.service';
import type { DeviceCreditsRepository, DeviceCreditValues } from './device-credits.repository';
import { createDeviceItemsRunner, ItemError } from './device-items';

/** The ledger's action for a credit a device's period is paid with (CREDIT_ACTIONS). */
export const CREDIT_USED = 3;

/** What one item asks for: absent fields stay as they are. */
interface Change {
  deviceId: number;
  enabled: boolean | undefined;
  autoExtend: boolean | undefined;
  typeId: number | undefined;
}

const flag = (value: 0 | 1 | undefined) => (value === undefined ? undefined : value === 1);

/** The type an item names, if it is a management type the caller may spend. */
const managementType = (auth: AuthContext, typeId: number): CreditType => {
  const type = creditTypeById(typeId);
  const usable =
    type?.license_type === 'management' &&
    (type.payment_type === 'paid' || isSuperAdmin(auth.permissions));
  if (!type || !usable)
    throw new ItemError(
      ERROR_CODES.VALIDATION_ERROR,
      DEVICE_CREDIT_MESSAGES.notManagement,
      'credit_type_id',
    );
  return type;
};

interface Deps {
  repository: DeviceCreditsRepository;
  ledger: CreditLedger;
  transaction: RunInTransaction;
  events: CreditEvents;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

/** Whether a device's paid period runs at `at` (the sweep clears `activated_at` when it ends). */
const runs = (row: { activatedAt: Date | null; expiresAt: Date | null }, at: Date) =>
  row.activatedAt !== null && row.expiresAt !== null && row.expiresAt > at;

/**
 * Device services (RMS PUT /devices/credit): per device, in a transaction of its own, credits are
 * enabled (a device of a paid company without a running period pays one credit of a management
 * type for `validity_months` from now), disabled (what was paid stays paid; nothing is refunded)
 * and auto-extend switched. Each device succeeds or fails alone.
 */
export const createDeviceCreditsService = ({
  repository,
  ledger,
  transaction,
  events,
  status,
  actionLog,
  now,
}: Deps) => {
  const runItems = createDeviceItemsRunner({ status, events });
  const applyOne = async (
    auth: AuthContext,
    change: Change,
    device: { id: number; companyId: number; paid: boolean },
  ): Promise<{ done: string; low: CreditLow | null }> => {
    const chosen = change.typeId === undefined ? undefined : managementType(auth, change.typeId);
    const at = now();
    return transaction(async (tx) => {
      const row = await repository.lock(device.id, tx);
      const values: DeviceCreditValues = {};
      let low: CreditLow | null = null;
      if (chosen) values.creditTypeId = chosen.id;
      if (change.autoExtend !== undefined) values.autoExtend = change.autoExtend;
      if (change.enabled !== undefined) values.creditEnabled = change.enabled;
      let expiresAt = row.expiresAt;
      const active = runs(row, at);
      if (change.enabled && device.paid && !active) {
        const type = chosen ?? (row.creditTypeId ? managementType(auth, row.creditTypeId) : null);
        if (!type)
          throw new ItemError(
            ERROR_CODES.VALIDATION_ERROR,
            DEVICE_CREDIT_MESSAGES.typeRequired,
            'credit_type_id',
          );
        const taken = await ledger.take(
          {
            companyId: device.companyId,
            creditTypeId: type.id,
            amount: 1,
            actionType: CREDIT_USED,
            userId: auth.user.id,
            deviceId: device.id,
          },
          tx,
          'credit_type_id',
        );
        low = taken.low;
        expiresAt = addCalendarMonths(at, type.validity_months);
        Object.assign(values, { creditTypeId: type.id, activatedAt: at, expiresAt });
      }
      await repository.save(device.id, values, tx);
      const enabled = values.creditEnabled ?? row.creditEnabled;
      let done: string = DEVICE_CREDIT_MESSAGES.updated;
      if (change.enabled === false) done = DEVICE_CREDIT_MESSAGES.disabled;
      else if (change.enabled && enabled)
        done = DEVICE_CREDIT_MESSAGES.enabled(
          device.paid && expiresAt ? toApiDate(expiresAt) : null,
        );
      return { done, low };
    });
  };

  return {
    /**
     * Applies the body: `data`'s items (the top-level fields fill what an item leaves out), or the
     * body itself as one device. For `data`, answers the channel (null when no device changed) and
     * the errors (`data.<index>.<field>`); one device's refusal is thrown, naming the body field.
     */
    async update(auth: AuthContext, body: DeviceCreditBody) {
      const items = body.data ?? [{ device_id: body.device_id ?? 0 }];
      const changes: Change[] = items.map((item) => ({
        deviceId: item.device_id,
        enabled: flag(item.credit_enabled ?? body.credit_enabled),
        autoExtend: flag(item.auto_extend_credit ?? body.auto_extend_credit),
        typeId: item.credit_type_id ?? body.credit_type_id,
      }));
      return runItems(auth, {
        single: body.data === undefined,
        items: changes,
        devices: (ids) => repository.visibleDevices(auth, ids),
        apply: (change, device) => applyOne(auth, change, device),
        refusedField: 'credit_type_id',
      });
    },

    /**
     * Moves the source device's running paid period (type and expiry) to the target device, in one
     * transaction with both credit rows locked (in id order, so two opposite moves cannot deadlock):
     * the target runs until the source would have, the source is left without a period.
     *
     * Nothing is written to the credits ledger, even between companies: the ledger counts credits a
     * company holds, and a period already paid for is no credit any more (no company's balance
     * changes). The move is recorded in the action log instead, naming both devices and companies.
     */
    async move(
      auth: AuthContext,
      ip: string,
      body: MoveDeviceCreditsBody,
    ): Promise<MovedDeviceCredits> {
      const { source_device_id: sourceId, target_device_id: targetId } = body;
      if (sourceId === targetId)
        throw invalid(DEVICE_CREDIT_MOVE_MESSAGES.sameDevice, 'target_device_id');
      const found = new Map(
        (await repository.visibleDevices(auth, [sourceId, targetId])).map((d) => [d.id, d]),
      );
      const source = found.get(sourceId);
      const target = found.get(targetId);
      // Another tree's device is answered as one that does not exist.
      if (!source)
        throw new ApiError(
          404,
          ERROR_CODES.NOT_FOUND,
          DEVICE_MESSAGES.notFound,
          'source_device_id',
        );
      if (!target)
        throw new ApiError(
          404,
          ERROR_CODES.NOT_FOUND,
          DEVICE_MESSAGES.notFound,
          'target_device_id',
        );
      // A free company's device needs no period: moving one there would throw it away.
      if (!target.paid) throw invalid(DEVICE_CREDIT_MOVE_MESSAGES.targetFree, 'target_device_id');
      const at = now();
      return transaction(async (tx) => {
        const rows = new Map<number, Awaited<ReturnType<typeof repository.lock>>>();
        for (const id of [sourceId, targetId].sort((a, b) => a - b))
          rows.set(id, await repository.lock(id, tx));
        const from = rows.get(sourceId);
        const to = rows.get(targetId);
        if (!from || !to) throw notFound(DEVICE_MESSAGES.notFound);
        if (!runs(from, at) || !from.expiresAt)
          throw invalid(DEVICE_CREDIT_MOVE_MESSAGES.noPeriod, 'source_device_id');
        if (runs(to, at))
          throw invalid(DEVICE_CREDIT_MOVE_MESSAGES.targetActive, 'target_device_id');
        const expiresAt = from.expiresAt;
        await repository.save(
          targetId,
          { creditEnabled: true, creditTypeId: from.creditTypeId, activatedAt: at, expiresAt },
          tx,
        );
        await repository.save(sourceId, { activatedAt: null, expiresAt: null }, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'device_credits_move',
          {
            entity: 'device',
            entityId: sourceId,
            details: {
              source_device_id: sourceId,
              source_company_id: source.companyId,
              target_device_id: targetId,
              target_company_id: target.companyId,
              credit_type_id: from.creditTypeId,
              expires_at: toApiDate(expiresAt),
            },
          },
          tx,
        );
        return {
          source_device_id: sourceId,
          target_device_id: targetId,
          credit_type_id: from.creditTypeId,
          credit_expire_date: toApiDate(expiresAt),
        };
      });
    },
  };
};

export type DeviceCreditsService = ReturnType<typeof createDeviceCreditsService>;
