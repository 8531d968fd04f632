import {
  addCalendarMonths,
  DATA_PACK_BYTES,
  DATA_PACK_MESSAGES,
  dataPackTypes,
  ERROR_CODES,
  type CreditType,
  type DeviceDataPackBody,
} from '@netfleet/contracts';
import { invalid } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { CreditLedger } from '../credits/credit-ledger';
import { typesFor, type CreditEvents } from '../credits/credits.service';
import type { DeviceCreditsRepository } from './device-credits.repository';
import { CREDIT_USED } from './device-credits.service';
import type { DeviceDataPacksRepository } from './device-data-packs.repository';
import { createDeviceItemsRunner, ItemError, type ItemDone } from './device-items';

interface Deps {
  repository: DeviceDataPacksRepository;
  devices: Pick<DeviceCreditsRepository, 'visibleDevices'>;
  ledger: CreditLedger;
  transaction: RunInTransaction;
  events: CreditEvents;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

/** The data pack type the body names, if the caller may spend it (spec §6: others only paid). */
const dataPackType = (auth: AuthContext, typeId: number): CreditType => {
  const type = dataPackTypes(typesFor(auth)).find((candidate) => candidate.id === typeId);
  if (!type) throw invalid(DATA_PACK_MESSAGES.typeRequired, 'credit_type_id');
  return type;
};

/**
 * Data packs (spec "set pack"): per device, in one transaction, the pack is set (refused while the
 * device holds one in use), one credit of its type is spent from the device's company (ledger
 * action 3, with the device) and the action log says who did it. Devices of free companies pay
 * too: a pack is data bought, not the management a free company is spared.
 */
export const createDeviceDataPacksService = ({
  repository,
  devices,
  ledger,
  transaction,
  events,
  status,
  actionLog,
  now,
}: Deps) => {
  const runItems = createDeviceItemsRunner({ status, events });

  const setOne = (
    auth: AuthContext,
    ip: string,
    type: CreditType,
    device: { id: number; companyId: number },
  ): Promise<ItemDone> => {
    const at = now();
    const expiresAt = addCalendarMonths(at, type.validity_months);
    return transaction(async (tx) => {
      const pack = {
        deviceId: device.id,
        creditTypeId: type.id,
        activatedAt: at,
        expiresAt,
        bytesTotal: DATA_PACK_BYTES,
        setByUserId: auth.user.id,
      };
      if (!(await repository.setUnlessInUse(pack, at, tx)))
        throw new ItemError(ERROR_CODES.VALIDATION_ERROR, DATA_PACK_MESSAGES.active, 'device_id');
      // Too few credits throws the ledger's 422: the pack set above is rolled back with it.
      const { low } = await ledger.take(
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
      await actionLog.record(
        actorOf(auth, ip),
        'device_data_pack_set',
        {
          entity: 'device',
          entityId: device.id,
          details: {
            company_id: device.companyId,
            credit_type_id: type.id,
            bytes: DATA_PACK_BYTES,
            expires_at: toApiDate(expiresAt),
          },
        },
        tx,
      );
      return { done: DATA_PACK_MESSAGES.set(toApiDate(expiresAt)), low };
    });
  };

  return {
    /**
     * Sets a pack of the body's type on `data`'s devices, or on the body's one device. For `data`,
     * answers the channel (null when no device got one) and the errors (`data.<index>.<field>`);
     * one device's refusal is thrown, naming the body field.
     */
    async set(auth: AuthContext, ip: string, body: DeviceDataPackBody) {
      const type = dataPackType(auth, body.credit_type_id);
      const items = (body.data ?? [{ device_id: body.device_id ?? 0 }]).map((item) => ({
        deviceId: item.device_id,
      }));
      return runItems(auth, {
        single: body.data === undefined,
        items,
        devices: (ids) => devices.visibleDevices(auth, ids),
        apply: (_item, device) => setOne(auth, ip, type, device),
        refusedField: 'credit_type_id',
      });
    },
  };
};

export type DeviceDataPacksService = ReturnType<typeof createDeviceDataPacksService>;
