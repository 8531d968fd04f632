import {
  type ConfigMessage,
  DEVICE_FIELDS,
  DEVICE_MONITORING_BODY_FIELDS,
  MONITORING,
  DEVICE_MESSAGES,
  type Device,
  ERROR_CODES,
  type DeviceListQuery,
  type UpdateDeviceBody,
} from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import { hashClaimSecret, newClaimSecret } from '@/lib/device-secrets';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import { devicePicker, toDevice } from './device-mapper';
import { type DeviceQuery, deviceOrderBy, deviceWhere } from './device-query';
import type { DeviceTagsRepository } from './device-tags.repository';
import type { DevicesRepository, DeviceValues } from './devices.repository';

/** Rows per query while the CSV export streams. */
const EXPORT_PAGE = 1000;

interface Deps {
  devicesRepository: DevicesRepository;
  deviceTagsRepository: Pick<DeviceTagsRepository, 'companiesOf' | 'overwrite'>;
  changes: DeviceChangeSink;
  /** Sends a device its monitoring periods (the retained config message), when a gateway runs. */
  pushConfig?: ((deviceId: number, config: ConfigMessage) => Promise<void>) | undefined;
}

/** The *_monitoring body fields and their devices columns. */
const MONITORING_COLUMNS = {
  dynamic_monitoring: 'dynamicMonitoring',
  static_monitoring: 'staticMonitoring',
  hotspot_monitoring: 'hotspotMonitoring',
  io_monitoring: 'ioMonitoring',
  gps_monitoring: 'gpsMonitoring',
  wireless_monitoring: 'wirelessMonitoring',
  ddns_monitoring: 'ddnsMonitoring',
  vpn_monitoring: 'vpnMonitoring',
} as const satisfies Record<(typeof DEVICE_MONITORING_BODY_FIELDS)[number], keyof DeviceValues>;

export interface ExportQuery extends DeviceQuery {
  offset: number;
  limit?: number | undefined;
}

/** Reading and editing single devices of the companies the caller sees; others answer 404. */
export const createDevicesService = ({
  devicesRepository,
  deviceTagsRepository,
  changes,
  pushConfig,
}: Deps) => {
  const requireDevice = async (auth: AuthContext, id: number) => {
    const row = await devicesRepository.find(auth, id);
    if (!row) throw notFound(DEVICE_MESSAGES.notFound);
    return row;
  };

  /** Every tag must be one of the device's company: a tag elsewhere is "not found". */
  const checkTags = async (companyId: number, tagIds: number[]) => {
    const owners = await deviceTagsRepository.companiesOf(tagIds);
    const stray = tagIds.find((id) => owners.get(id) !== companyId);
    if (stray !== undefined) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.tagNotFound, 'tag_id');
    }
  };

  return {
    fields: (): string[] => [...DEVICE_FIELDS],

    async list(auth: AuthContext, query: DeviceListQuery, raw: Record<string, unknown>) {
      const pick = devicePicker(query.fields, ['id']);
      const { rows, total, estimated } = await devicesRepository.list({
        where: deviceWhere(await devicesRepository.scopeOf(auth), query, raw),
        orderBy: deviceOrderBy(query.sort),
        limit: query.limit,
        offset: query.offset,
      });
      return { data: rows.map((row) => pick(toDevice(row))), total, estimated };
    },

    async get(auth: AuthContext, id: number, fields?: string[]): Promise<Partial<Device>> {
      return devicePicker(fields)(toDevice(await requireDevice(auth, id)));
    },

    /**
     * Pages of matching devices, in order, until the limit or the end. Filters and sort are
     * checked before the first page, so a bad query is a 400 rather than a broken download.
     */
    async exportRows(
      auth: AuthContext,
      query: ExportQuery,
      raw: Record<string, unknown>,
    ): Promise<AsyncGenerator<Device[]>> {
      const where = deviceWhere(await devicesRepository.scopeOf(auth), query, raw);
      const orderBy = deviceOrderBy(query.sort);
      async function* pages() {
        let offset = query.offset;
        let left = query.limit ?? Number.POSITIVE_INFINITY;
        while (left > 0) {
          const limit = Math.min(EXPORT_PAGE, left);
          const rows = await devicesRepository.page({ where, orderBy, limit, offset });
          if (rows.length) yield rows.map(toDevice);
          if (rows.length < limit) return;
          offset += rows.length;
          left -= rows.length;
        }
      }
      return pages();
    },

    async update(auth: AuthContext, id: number, body: UpdateDeviceBody): Promise<Device> {
      const device = await requireDevice(auth, id);
      const values: DeviceValues = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description;
      if (body.user_set_latitude !== undefined) values.userSetLatitude = body.user_set_latitude;
      if (body.user_set_longitude !== undefined) values.userSetLongitude = body.user_set_longitude;
      if (body.tag_id) {
        const tagIds = [...new Set(body.tag_id)];
        await checkTags(device.companyId, tagIds);
        await deviceTagsRepository.overwrite(id, tagIds);
      }
      let periodsChanged = false;
      for (const field of DEVICE_MONITORING_BODY_FIELDS) {
        const period = body[field];
        if (period === undefined) continue;
        values[MONITORING_COLUMNS[field]] = period;
        periodsChanged = true;
      }
      await devicesRepository.update(id, values);
      const updated = toDevice(await requireDevice(auth, id));
      if (periodsChanged && pushConfig) {
        const periods = Object.fromEntries(
          MONITORING.map((entry) => [entry.key, updated[entry.field as keyof Device] as number]),
        );
        // The database is the truth: the gateway sends the config again on the next hello.
        await pushConfig(id, { periods }).catch(() => undefined);
      }
      return updated;
    },

    /**
     * A new one-time claim secret: for a device never enrolled, or to make an enrolled one enrol
     * again (its credential stops working at once). Only the hash is kept.
     */
    async newClaimSecret(auth: AuthContext, id: number) {
      const device = await requireDevice(auth, id);
      const secret = newClaimSecret();
      await devicesRepository.resetClaim(id, hashClaimSecret(secret));
      changes.add({ id, company_id: device.companyId, status: 2 });
      return { id, claim_secret: secret };
    },
  };
};

export type DevicesService = ReturnType<typeof createDevicesService>;
