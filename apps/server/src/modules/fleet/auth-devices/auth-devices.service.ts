import {
  AUTH_DEVICE_MESSAGES,
  type AuthDevice,
  type AuthDeviceListQuery,
  identityOf,
} from '@netfleet/contracts';
import { conflict, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import type { AuthDeviceRow, AuthDevicesRepository } from './auth-devices.repository';

interface Deps {
  authDevicesRepository: AuthDevicesRepository;
  transaction: RunInTransaction;
  actionLog: Pick<ActionLogService, 'record'>;
  changes?: Pick<DeviceChangeSink, 'add'> | undefined;
  /** Forgets the old credential the gateway cached for quick reconnects. */
  forgetCredential?: ((deviceId: number) => void) | undefined;
  now: () => Date;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toAuthDevice = (row: AuthDeviceRow): AuthDevice => ({
  id: row.id,
  status: row.approvedAt ? 'approved' : 'refused',
  serial: row.serial,
  mac: row.mac,
  imei: row.imei,
  model: row.model,
  firmware: row.firmware,
  ip: row.ip,
  attempts: row.attempts,
  first_seen_at: row.firstSeenAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  device_id: row.deviceId,
  device_name: row.deviceName,
  device_mac: row.deviceMac,
  device_imei: row.deviceImei,
  company_id: row.companyId,
  company_name: row.companyName,
  approved_at: iso(row.approvedAt),
  approved_by: row.approvedBy,
  previous_mac: row.previousMac,
  previous_imei: row.previousImei,
});

/**
 * The super admin's review of identities refused at enrolment for another device's serial. Rows
 * are read through the caller's companies like every other route (a super admin sees them all).
 */
export const createAuthDevicesService = (deps: Deps) => {
  const { authDevicesRepository: repository } = deps;

  /** A refused identity still waiting for a decision; approvals are history and stay as they are. */
  const waiting = (row: AuthDeviceRow | null): AuthDeviceRow => {
    if (!row) throw notFound(AUTH_DEVICE_MESSAGES.notFound);
    if (row.approvedAt) throw conflict(AUTH_DEVICE_MESSAGES.alreadyDecided);
    return row;
  };

  return {
    async list(auth: AuthContext, query: AuthDeviceListQuery) {
      const { rows, total } = await repository.list(auth, query);
      return { data: rows.map(toAuthDevice), total };
    },

    /**
     * The registered device takes the refused MAC or IMEI (the one its series identifies by) and
     * the claim secret of the refused request: that hardware enrols on its next attempt, and the
     * old credential stops working (a broker session already open ends when the new hardware
     * connects under the same client id, or within the credential cache's five minutes).
     */
    async approve(auth: AuthContext, id: number, ip: string): Promise<AuthDevice> {
      const at = deps.now();
      const approved = await deps.transaction(async (tx) => {
        const row = waiting(await repository.find(auth, id, tx, true));
        const field = identityOf(row.deviceSeries);
        const stated = row[field];
        const identity = {
          mac: field === 'mac' ? stated : row.deviceMac,
          imei: field === 'imei' ? stated : row.deviceImei,
          claimSecretHash: row.claimSecretHash,
        };
        await repository.approve(row, identity, { userId: auth.user.id, at }, tx);
        await deps.actionLog.record(
          actorOf(auth, ip),
          'device_identity_approve',
          {
            entity: 'device',
            entityId: row.deviceId,
            details: {
              serial: row.serial,
              company_id: row.companyId,
              [field]: stated,
              [`previous_${field}`]: field === 'mac' ? row.deviceMac : row.deviceImei,
            },
          },
          tx,
        );
        return row;
      });
      deps.forgetCredential?.(approved.deviceId);
      deps.changes?.add({ id: approved.deviceId, company_id: approved.companyId, status: 2 });
      const row = await repository.find(auth, id);
      if (!row) throw notFound(AUTH_DEVICE_MESSAGES.notFound);
      return toAuthDevice(row);
    },

    async dismiss(auth: AuthContext, id: number, ip: string) {
      await deps.transaction(async (tx) => {
        const row = waiting(await repository.find(auth, id, tx, true));
        await repository.remove(row.id, tx);
        await deps.actionLog.record(
          actorOf(auth, ip),
          'device_identity_dismiss',
          {
            entity: 'device',
            entityId: row.deviceId,
            details: { serial: row.serial, mac: row.mac, imei: row.imei },
          },
          tx,
        );
      });
    },
  };
};

export type AuthDevicesService = ReturnType<typeof createAuthDevicesService>;
