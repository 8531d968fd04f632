import {
  COMPANY_MESSAGES,
  type CreatedDevice,
  DEVICE_MESSAGES,
  ERROR_CODES,
  type ErrorItem,
  identityOf,
  newDeviceSchema,
  type NewDevice,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { hashClaimSecret, newClaimSecret } from '@/lib/device-secrets';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { StatusService } from '@/modules/system/status/status.service';
import type { DeviceTagsRepository } from './device-tags.repository';
import type { DevicesRepository, NewDeviceRow } from './devices.repository';

export interface BulkResult<T> {
  data: T[];
  errors: ErrorItem[];
}

/** A candidate item: its position, what it parsed to, or why it did not. */
export type Candidate = { source: string; device: NewDevice } | { error: ErrorItem };

const item = (code: string, message: string, source: string): ErrorItem => ({
  code,
  message,
  source,
});

/** One item of POST /devices (or one CSV row) checked alone; `prefix` names it in errors. */
export const checkNewDevice = (raw: unknown, prefix: string): Candidate => {
  const parsed = newDeviceSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return {
      error: item(
        ERROR_CODES.VALIDATION_ERROR,
        issue?.message ?? 'Invalid device',
        field ? `${prefix}.${field}` : prefix,
      ),
    };
  }
  const device = parsed.data;
  const identity = identityOf(device.device_series);
  if (!device[identity]) {
    const message = identity === 'mac' ? DEVICE_MESSAGES.macRequired : DEVICE_MESSAGES.imeiRequired;
    return { error: item(ERROR_CODES.VALIDATION_ERROR, message, `${prefix}.${identity}`) };
  }
  return { source: prefix, device };
};

interface Deps {
  devicesRepository: DevicesRepository;
  /** Tags given with a new device (RMS `tag_id`). */
  deviceTagsRepository?: Pick<DeviceTagsRepository, 'companiesOf' | 'assign'> | undefined;
  status: Pick<StatusService, 'open' | 'publish'>;
  changes: DeviceChangeSink;
}

/**
 * Adding, removing and moving devices in bulk: each item succeeds or fails on its own. The live
 * device channels hear of each so that lists showing them refresh.
 */
export const createDevicesWriteService = ({
  devicesRepository,
  deviceTagsRepository,
  status,
  changes,
}: Deps) => {
  /**
   * The tags each new device was given: only tags of its own company; another tag fails that
   * item's `tag_id` (the device itself stays added).
   */
  const assignTags = async (
    created: { source: string; id: number; company_id: number }[],
    tagIdsOf: Map<string, number[]>,
    errors: ErrorItem[],
  ) => {
    const wanted = created.filter((device) => tagIdsOf.get(device.source)?.length);
    if (!wanted.length || !deviceTagsRepository) return;
    const owners = await deviceTagsRepository.companiesOf([
      ...new Set(wanted.flatMap((device) => tagIdsOf.get(device.source) ?? [])),
    ]);
    const pairs: { deviceId: number; tagId: number }[] = [];
    for (const device of wanted) {
      const tagIds = [...new Set(tagIdsOf.get(device.source) ?? [])];
      if (tagIds.some((tagId) => owners.get(tagId) !== device.company_id)) {
        errors.push(
          item(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.tagNotFound, `${device.source}.tag_id`),
        );
        continue;
      }
      pairs.push(...tagIds.map((tagId) => ({ deviceId: device.id, tagId })));
    }
    await deviceTagsRepository.assign(pairs);
  };

  return {
    /**
     * Adds the valid candidates as pending devices, each with a fresh claim secret whose hash
     * alone is stored. A serial seen in another company makes no difference (no ownership oracle);
     * one already in the same company is a per-item conflict.
     */
    async create(
      auth: AuthContext,
      candidates: Candidate[],
      { single = false }: { single?: boolean } = {},
    ): Promise<BulkResult<CreatedDevice & { source: string }> & { channel: string | null }> {
      const errors: ErrorItem[] = [];
      const valid: { source: string; device: NewDevice }[] = [];
      for (const candidate of candidates) {
        if ('error' in candidate) errors.push(candidate.error);
        else valid.push(candidate);
      }
      const visible = await devicesRepository.visibleCompanyIds(auth, [
        ...new Set(valid.map((c) => c.device.company_id)),
      ]);
      const secrets = new Map<string, string>();
      const tagIdsOf = new Map(valid.map((c) => [c.source, c.device.tag_id ?? []]));
      const rows: (NewDeviceRow & { source: string })[] = [];
      for (const { source, device } of valid) {
        if (!visible.has(device.company_id)) {
          errors.push(
            item(ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, `${source}.company_id`),
          );
          continue;
        }
        const secret = newClaimSecret();
        secrets.set(source, secret);
        rows.push({
          source,
          companyId: device.company_id,
          serial: device.serial,
          mac: device.mac ?? null,
          imei: device.imei ?? null,
          name: device.name ?? device.serial,
          description: device.description ?? '',
          deviceSeries: device.device_series,
          claimSecretHash: hashClaimSecret(secret),
        });
      }
      const inserted = await devicesRepository.insertMany(rows.map(({ source: _, ...row }) => row));
      for (const row of inserted) changes.add({ id: row.id, company_id: row.companyId, status: 2 });
      const idOf = new Map(inserted.map((row) => [`${row.companyId}/${row.serial}`, row.id]));
      const data: (CreatedDevice & { source: string })[] = [];
      for (const row of rows) {
        const key = `${row.companyId}/${row.serial}`;
        const id = idOf.get(key);
        if (id === undefined) {
          errors.push(
            item(ERROR_CODES.CONFLICT, DEVICE_MESSAGES.duplicateSerial, `${row.source}.serial`),
          );
          continue;
        }
        // A serial twice in one batch: only its first item was inserted.
        idOf.delete(key);
        data.push({
          source: row.source,
          id,
          name: row.name,
          serial: row.serial,
          mac: row.mac,
          imei: row.imei,
          company_id: row.companyId,
          claim_secret: secrets.get(row.source) ?? '',
        });
      }
      await assignTags(data, tagIdsOf, errors);
      // A lone device that failed refuses the whole request: no channel is left behind for it.
      if (single && data.length === 0) return { data, errors, channel: null };
      const channel = await status.open(auth.user.id);
      const perCompany = new Map<number, number>();
      for (const device of data) {
        perCompany.set(device.company_id, (perCompany.get(device.company_id) ?? 0) + 1);
      }
      for (const [companyId, count] of perCompany) {
        await status.publish(channel, String(companyId), {
          status: 'completed',
          value: `${count} device(s) added`,
        });
      }
      return { data, errors, channel };
    },

    async remove(auth: AuthContext, ids: number[]): Promise<BulkResult<number>> {
      const unique = [...new Set(ids)];
      const found = new Map(
        (await devicesRepository.findVisible(auth, unique)).map((d) => [d.id, d.companyId]),
      );
      const removable = unique.filter((id) => found.has(id));
      await devicesRepository.remove(removable);
      for (const [id, companyId] of found)
        changes.add({ id, company_id: companyId, removed: true });
      const errors = unique
        .filter((id) => !found.has(id))
        .map((id) => item(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.notFound, String(id)));
      return { data: removable, errors };
    },

    async move(auth: AuthContext, ids: number[], companyId: number): Promise<BulkResult<number>> {
      const visible = await devicesRepository.visibleCompanyIds(auth, [companyId]);
      if (!visible.has(companyId)) {
        return {
          data: [],
          errors: [item(ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id')],
        };
      }
      const unique = [...new Set(ids)];
      const found = new Map(
        (await devicesRepository.findVisible(auth, unique)).map((d) => [d.id, d]),
      );
      const data: number[] = [];
      const errors: ErrorItem[] = [];
      for (const id of unique) {
        const device = found.get(id);
        if (!device) {
          errors.push(item(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.notFound, String(id)));
          continue;
        }
        if (device.companyId !== companyId) {
          try {
            await devicesRepository.move(id, companyId);
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            errors.push(item(ERROR_CODES.CONFLICT, DEVICE_MESSAGES.duplicateSerial, String(id)));
            continue;
          }
          changes.add({ id, company_id: companyId, status: device.status }, device.companyId);
        }
        data.push(id);
      }
      return { data, errors };
    },
  };
};

export type DevicesWriteService = ReturnType<typeof createDevicesWriteService>;
