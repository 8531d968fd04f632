import { randomInt } from 'node:crypto';
import {
  DEVICE_PASSWORD_MESSAGES,
  ERROR_CODES,
  type GeneratePasswordsBody,
  PASSWORD_BATCH_KEEP_DAYS,
  PASSWORD_SPECIAL_CHARACTERS,
  type PasswordBatch,
  type PasswordBatchDevice,
  type PasswordBatchListQuery,
  RANDOM_STRING_ALPHABET,
} from '@netfleet/contracts';
import { ApiError, invalid, notFound } from '@/lib/api-error';
import { randomToken, type SecretBox } from '@/lib/crypto';
import { toApiDate, toApiDateOrNull } from '@/lib/dates';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { csvLine } from '@/modules/fleet/devices/device-csv';
import type { DevicePasswordsRepository, PasswordBatchRow } from './device-passwords.repository';

/** A set_password job waits this long for an offline device. */
const JOB_EXPIRY_SECONDS = PASSWORD_BATCH_KEEP_DAYS * 24 * 60 * 60;

/** A password of `length` from letters and digits (and specials), with at least one of each. */
export const newDevicePassword = (length: number, special: boolean): string => {
  const alphabet = RANDOM_STRING_ALPHABET + (special ? PASSWORD_SPECIAL_CHARACTERS : '');
  for (;;) {
    const password = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
    const mixed = /[A-Za-z]/.test(password) && /\d/.test(password);
    if (mixed && (!special || /[^A-Za-z0-9]/.test(password))) return password;
  }
};

const toBatch = (row: PasswordBatchRow): PasswordBatch => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  completed: row.completed,
  failed: row.failed,
  total: row.total,
  downloadable: row.deletedAt === null && row.sealedCount > 0,
  downloaded_at: toApiDateOrNull(row.downloadedAt),
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
  deleted_at: toApiDateOrNull(row.deletedAt),
});

/** One device's password for a batch, and whether it may be shown in the download. */
export interface PasswordOrder {
  deviceId: number;
  password: string;
  show: boolean;
}

interface Deps {
  repository: DevicePasswordsRepository;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  box: SecretBox;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

/**
 * Device passwords: each request becomes a batch whose devices get `set_password` jobs; the
 * passwords are sealed at rest and can be downloaded once, after which they are wiped.
 */
export const createDevicePasswordsService = ({ repository, jobs, box, actionLog, now }: Deps) => {
  const requireBatch = async (auth: AuthContext, id: string) => {
    const batch = await repository.find(auth, id);
    if (!batch) throw notFound(DEVICE_PASSWORD_MESSAGES.batchNotFound);
    return batch;
  };

  /** Orders name each device once; the jobs go to the devices the caller sees. */
  const apply = async (auth: AuthContext, orders: readonly PasswordOrder[], ip: string) => {
    const seen = new Set<number>();
    orders.forEach((order, index) => {
      if (seen.has(order.deviceId)) {
        throw invalid(DEVICE_PASSWORD_MESSAGES.duplicateDevice, `data.${index}.id`);
      }
      seen.add(order.deviceId);
    });
    const passwordOf = new Map(orders.map((order) => [order.deviceId, order.password]));
    const created = await jobs.createJobs(
      auth,
      orders.map((order) => order.deviceId),
      'set_password',
      (deviceId) => ({ password: passwordOf.get(deviceId) ?? '' }),
      { expiresInSeconds: JOB_EXPIRY_SECONDS },
    );
    if (!created.channel) return { ...created, batchId: null };
    const jobOf = new Map(created.jobs.map((job) => [job.deviceId, job.id]));
    const batchId = randomToken(48);
    await repository.insert(
      { id: batchId, companyId: auth.company.id, userId: auth.user.id, channel: created.channel },
      orders
        .filter((order) => jobOf.has(order.deviceId))
        .map((order) => ({
          deviceId: order.deviceId,
          jobId: jobOf.get(order.deviceId) ?? null,
          sealedPassword: order.show ? box.seal(order.password) : null,
        })),
    );
    await actionLog.record(actorOf(auth, ip), 'device_passwords_set', {
      entity: 'password_task',
      entityId: batchId,
      details: { devices: created.jobs.length },
    });
    return { channel: created.channel, jobs: created.jobs, errors: created.errors, batchId };
  };

  return {
    apply,

    generate: (auth: AuthContext, body: GeneratePasswordsBody, ip: string) =>
      apply(
        auth,
        body.data.map((item) => ({
          deviceId: item.id,
          password: newDevicePassword(item.length, item.use_special === 1),
          show: true,
        })),
        ip,
      ),

    async list(auth: AuthContext, query: PasswordBatchListQuery) {
      const { rows, total } = await repository.list(auth, query);
      return { data: rows.map(toBatch), total };
    },

    async devices(auth: AuthContext, id: string): Promise<PasswordBatchDevice[]> {
      await requireBatch(auth, id);
      return (await repository.devicesOf(id)).map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        serial: row.serial,
        mac: row.mac ?? '',
        status: row.status ?? 'cancelled',
        message: row.message ?? null,
        created_at: toApiDate(row.createdAt),
      }));
    },

    /** The CSV of the batch's passwords, once; the download is recorded in the action log. */
    async download(auth: AuthContext, id: string, ip: string) {
      const batch = await requireBatch(auth, id);
      if (batch.deletedAt === null && batch.sealedCount === 0) {
        throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, DEVICE_PASSWORD_MESSAGES.hidden);
      }
      const rows = await repository.takeDownload(id, now());
      if (!rows)
        throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, DEVICE_PASSWORD_MESSAGES.downloaded);
      await actionLog.record(actorOf(auth, ip), 'device_passwords_download', {
        entity: 'password_task',
        entityId: id,
        details: { devices: rows.length },
      });
      const header = csvLine(['id', 'name', 'serial', 'mac', 'password', 'status']);
      const lines = rows
        .filter((row) => row.sealedPassword !== null)
        .map((row) =>
          csvLine([
            row.id,
            row.name,
            row.serial,
            row.mac ?? '',
            box.open(row.sealedPassword ?? ''),
            row.status ?? '',
          ]),
        );
      return {
        filename: `device-passwords-${batch.createdAt.toISOString().slice(0, 10)}.csv`,
        csv: header + lines.join(''),
      };
    },

    /** Wipes passwords nobody downloaded within PASSWORD_BATCH_KEEP_DAYS. */
    wipeStale: () =>
      repository.wipeOlderThan(new Date(now().getTime() - JOB_EXPIRY_SECONDS * 1000), now()),
  };
};

export type DevicePasswordsService = ReturnType<typeof createDevicePasswordsService>;
