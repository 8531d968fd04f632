import { TELEMETRY_CATEGORIES, type TelemetryData } from '@netfleet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { LatestRow } from './gateway.repository';

const HOTSPOT = TELEMETRY_CATEGORIES.indexOf('hotspot');
const WIRELESS = TELEMETRY_CATEGORIES.indexOf('wireless');
/** `clients` is an integer column; a device claiming more must not fail the whole flush. */
const INT_MAX = 2_147_483_647;
const count = (value: number) => Math.min(value, INT_MAX);

interface WirelessRow {
  device_id: number;
  category: number;
  idx: number;
  ssid: string;
  band: string | null;
  channel: number | null;
  enabled: boolean | null;
  clients: number;
  rx: number | null;
  tx: number | null;
  updated_at: string;
}

/** A category a device reported in the batch, with the indexes it still has. */
interface Reported {
  device_id: number;
  category: number;
  kept: number[];
}

/** A category's latest data, kept as JSON text, parsed back (validated when it was read). */
const dataOf = <C extends 'wireless' | 'hotspot'>(text: string | undefined) =>
  text === undefined ? undefined : (JSON.parse(text) as TelemetryData<C>);

/** The device_wireless rows of the batch's latest Wi-Fi and hotspot readings. */
export const wirelessRowsOf = (latest: readonly LatestRow[]) => {
  const reported: Reported[] = [];
  const rows: WirelessRow[] = [];
  for (const { deviceId, values, at } of latest) {
    const wireless = dataOf<'wireless'>(values.info?.wireless);
    const hotspots = dataOf<'hotspot'>(values.info?.hotspot);
    const base = { device_id: deviceId, updated_at: at.toISOString() };
    if (wireless) {
      const { interfaces } = wireless;
      reported.push({ device_id: deviceId, category: WIRELESS, kept: interfaces.map((_, i) => i) });
      interfaces.forEach((wifi, idx) =>
        rows.push({
          ...base,
          category: WIRELESS,
          idx,
          ssid: wifi.ssid,
          band: wifi.band,
          channel: wifi.channel,
          enabled: wifi.enabled,
          clients: count(wifi.clients),
          // The interface's cumulative counters (hotspots report the bytes of their period).
          rx: wifi.rx_bytes ?? null,
          tx: wifi.tx_bytes ?? null,
        }),
      );
    }
    if (hotspots) {
      // Two hotspots of one index would make the upsert touch a row twice and fail the flush.
      const kept = new Set<number>();
      for (const hotspot of hotspots.hotspots) {
        if (kept.has(hotspot.index)) continue;
        kept.add(hotspot.index);
        rows.push({
          ...base,
          category: HOTSPOT,
          idx: hotspot.index,
          ssid: hotspot.ssid,
          band: null,
          channel: null,
          enabled: null,
          clients: count(hotspot.users_active),
          rx: hotspot.rx,
          tx: hotspot.tx,
        });
      }
      reported.push({ device_id: deviceId, category: HOTSPOT, kept: [...kept] });
    }
  }
  return { reported, rows };
};

/**
 * ONE statement for the batch: interfaces a device no longer reports are deleted, the reported
 * ones upserted (deleting and re-inserting a key in one statement would trip the primary key).
 * Null when no device of the batch reported Wi-Fi or hotspots.
 */
export const replaceWireless = (latest: readonly LatestRow[]): SQL | null => {
  const { reported, rows } = wirelessRowsOf(latest);
  if (reported.length === 0) return null;
  return sql`
    with reported as (
      select r.device_id, r.category, r.kept
      from json_to_recordset(${JSON.stringify(reported)}::json)
        as r(device_id int, category smallint, kept jsonb)
    ), stale as (
      delete from device_wireless w using reported r
      where w.device_id = r.device_id and w.category = r.category
        and not (r.kept @> to_jsonb(w.idx))
    )
    insert into device_wireless
      (device_id, category, idx, ssid, band, channel, enabled, clients, rx, tx, updated_at)
    select u.device_id, u.category, u.idx, u.ssid, u.band, u.channel, u.enabled, u.clients,
      u.rx, u.tx, u.updated_at
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as u(device_id int, category smallint, idx smallint, ssid varchar, band varchar,
        channel smallint, enabled boolean, clients int, rx bigint, tx bigint,
        updated_at timestamptz)
    where exists (select 1 from devices d where d.id = u.device_id)
    on conflict (device_id, category, idx) do update set
      ssid = excluded.ssid, band = excluded.band, channel = excluded.channel,
      enabled = excluded.enabled, clients = excluded.clients, rx = excluded.rx,
      tx = excluded.tx, updated_at = excluded.updated_at`;
};
