import type { DeviceTagRef } from '@netfleet/contracts';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { creditActive } from '@/db/device-credit-state';
import { dataPackRemaining, dataPackRunning } from '@/db/device-data-pack-state';
import { companies, deviceCredits, deviceDataPacks, devices, deviceTags, tags } from '@/db/schema';
import type { DeviceCredit, DeviceDataPack, LatestInfo } from './device-mapper';

/**
 * The company's name as a scalar subquery rather than a join: PostgreSQL evaluates it only for the
 * rows of the page, after the sort and limit, so a 100k-device list never joins 100k rows.
 */
const companyNameOf = sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${devices.companyId})`;

/** A timestamptz as the API answers dates (`toApiDate`: UTC, `YYYY-MM-DD HH:mm:ss`). */
const apiDateText = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** The device columns every read selects: never the claim secret or credential hashes. */
export const deviceColumns = {
  id: devices.id,
  name: devices.name,
  description: devices.description,
  serial: devices.serial,
  mac: devices.mac,
  imei: devices.imei,
  model: devices.model,
  firmware: devices.firmware,
  deviceSeries: devices.deviceSeries,
  companyId: devices.companyId,
  companyName: companyNameOf,
  status: devices.status,
  capabilities: devices.capabilities,
  createdAt: devices.createdAt,
  enrolledAt: devices.enrolledAt,
  lastConnectionAt: devices.lastConnectionAt,
  informationUpdatedAt: devices.informationUpdatedAt,
  signal: devices.signal,
  signal2: devices.signal2,
  operator: devices.operator,
  operator2: devices.operator2,
  networkState: devices.networkState,
  networkState2: devices.networkState2,
  connectionType: devices.connectionType,
  connectionType2: devices.connectionType2,
  modemModel: devices.modemModel,
  modemModel2: devices.modemModel2,
  modemManufacturer: devices.modemManufacturer,
  modemManufacturer2: devices.modemManufacturer2,
  modemFirmware: devices.modemFirmware,
  modemFirmware2: devices.modemFirmware2,
  wanState: devices.wanState,
  wanIp: devices.wanIp,
  temperature: devices.temperature,
  uptime: devices.uptime,
  latitude: devices.latitude,
  longitude: devices.longitude,
  userSetLatitude: devices.userSetLatitude,
  userSetLongitude: devices.userSetLongitude,
  dynamicMonitoring: devices.dynamicMonitoring,
  staticMonitoring: devices.staticMonitoring,
  hotspotMonitoring: devices.hotspotMonitoring,
  gpsMonitoring: devices.gpsMonitoring,
  ioMonitoring: devices.ioMonitoring,
  wirelessMonitoring: devices.wirelessMonitoring,
  ddnsMonitoring: devices.ddnsMonitoring,
  vpnMonitoring: devices.vpnMonitoring,
  updatedAt: devices.updatedAt,
  authenticated: sql<boolean>`${devices.credentialHash} is not null`,
  // The device's management credit, and whether its company pays for one: scalar subqueries on
  // primary keys, like the company name, read only for the rows of the page.
  credit: sql<DeviceCredit | null>`(select json_build_object(
      'enabled', ${deviceCredits.creditEnabled},
      'type_id', ${deviceCredits.creditTypeId},
      'auto_extend', ${deviceCredits.autoExtend},
      'active', ${creditActive()},
      'expires_at', ${apiDateText(deviceCredits.expiresAt)})
    from ${deviceCredits} where ${deviceCredits.deviceId} = ${devices.id})`,
  // The device's data pack and what is left of it (summed from its data usage only while the pack
  // runs): a scalar subquery like the credit's, read only for the rows of the page.
  dataPack: sql<DeviceDataPack | null>`(select json_build_object(
      'type_id', ${deviceDataPacks.creditTypeId},
      'activated_at', ${apiDateText(deviceDataPacks.activatedAt)},
      'expires_at', ${apiDateText(deviceDataPacks.expiresAt)},
      'bytes', ${deviceDataPacks.bytesTotal},
      'remaining', case when ${dataPackRunning()} then ${dataPackRemaining()} end)
    from ${deviceDataPacks} where ${deviceDataPacks.deviceId} = ${devices.id})`,
  creditRequired: sql<boolean>`(select ${companies.paymentType} = 'paid' from ${companies} where ${companies.id} = ${devices.companyId})`,
  // The parts of the latest readings the RMS device fields come from. A scalar subquery, like the
  // company name, so PostgreSQL reads the jsonb only for the rows of the page (after sort and
  // limit), never for every row a sort visits.
  latest: sql<LatestInfo | null>`(select jsonb_build_object(
      'modems', ${devices.info}->'dynamic'->'modems',
      'sims', ${devices.info}->'static'->'sims',
      'gps', ${devices.info}->'gps',
      'io', ${devices.info}->'io',
      'ddns_count', case when jsonb_typeof(${devices.info}->'ddns'->'entries') = 'array'
        then jsonb_array_length(${devices.info}->'ddns'->'entries') end))`,
  // Aggregated in the page query itself (one round trip, served by the device_tags primary key).
  tags: sql<DeviceTagRef[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${tags.id}, 'name', ${tags.name}, 'description', ${tags.description},
      'user_id', null, 'company_id', ${tags.companyId}, 'color', ${tags.color},
      'actions', json_build_array(),
      'created_at', ${apiDateText(tags.createdAt)}, 'updated_at', ${apiDateText(tags.updatedAt)}
    ) order by ${tags.name})
    from ${deviceTags} inner join ${tags} on ${tags.id} = ${deviceTags.tagId}
    where ${deviceTags.deviceId} = ${devices.id}), '[]'::json)`,
};

export const SORTABLE: Record<string, AnyColumn | SQL> = {
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  mac: devices.mac,
  imei: devices.imei,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  company_name: companyNameOf,
  created_at: devices.createdAt,
  last_connection_at: devices.lastConnectionAt,
  information_updated: devices.informationUpdatedAt,
  signal: devices.signal,
  signal_2: devices.signal2,
  operator: devices.operator,
  connection_type: devices.connectionType,
  wan_state: devices.wanState,
  temperature: devices.temperature,
  uptime: devices.uptime,
};

export const devicesWithCompany = eq(companies.id, devices.companyId);
