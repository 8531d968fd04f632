import { z } from 'zod';
import { esimProfilesReadingSchema } from './device-esim.ts';
import type { TelemetryCategory } from './device-protocol.ts';

// Telemetry payloads of the device protocol (device-protocol.ts), one schema per monitoring
// category of spec §9; docs/device-protocol.md §6 shows an example of each.

// Telemetry: `{ts, data}` where ts is the reading time in epoch milliseconds.

const num = z.number().finite();
const label = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\x20-\x7e\u00a0-\uffff]*$/);
export const SIM_SLOTS = [1, 2, 'esim'] as const;
const simSlot = z.union([z.literal(1), z.literal(2), z.literal('esim')]);

export const modemReadingSchema = z.object({
  /** 1 or 2 (second modem fields are suffixed _2 in the device object). */
  modem: z.union([z.literal(1), z.literal(2)]),
  sim: simSlot,
  signal: num.min(-150).max(0).nullable(),
  rsrp: num.nullable().optional(),
  rsrq: num.nullable().optional(),
  sinr: num.nullable().optional(),
  operator: label.nullable(),
  /** e.g. registered, roaming, searching, denied. */
  network_state: label.nullable(),
  /** e.g. LTE, 5G-NSA, 3G, 2G. */
  connection_type: label.nullable(),
  modem_model: label.nullable().optional(),
  modem_manufacturer: label.nullable().optional(),
  modem_firmware: label.nullable().optional(),
  /** Bytes since the previous reading on this SIM (data usage is summed from these). */
  rx: z.number().int().min(0),
  tx: z.number().int().min(0),
});
export type ModemReading = z.infer<typeof modemReadingSchema>;

export const dynamicTelemetrySchema = z.object({
  uptime: z.number().int().min(0),
  /** Deci-degrees Celsius (360 = 36.0 °C), as RMS reports it. */
  temperature: z.number().int().min(-600).max(1500).nullable(),
  load: z.tuple([num, num, num]).optional(),
  memory_free: z.number().int().min(0).optional(),
  /** WAN state: e.g. mobile, wired, wifi, down. */
  wan_state: label.nullable(),
  wan_ip: z.union([z.ipv4(), z.ipv6()]).nullable().optional(),
  /** Cumulative interface counters (bytes) since boot. */
  interfaces: z
    .array(
      z.object({
        name: label,
        rx: z.number().int().min(0),
        tx: z.number().int().min(0),
        up: z.boolean(),
      }),
    )
    .max(64)
    .optional(),
  modems: z.array(modemReadingSchema).max(4).default([]),
});
export type DynamicTelemetry = z.infer<typeof dynamicTelemetrySchema>;

export const staticTelemetrySchema = z.object({
  hostname: label,
  lan_ip: z.union([z.ipv4(), z.ipv6()]).nullable(),
  kernel: label.optional(),
  sims: z
    .array(z.object({ slot: simSlot, iccid: label.nullable(), imsi: label.nullable() }))
    .max(4)
    .default([]),
  /** The eUICC's profiles (has_esim devices); absent when the device does not report them. */
  esim_profiles: esimProfilesReadingSchema.optional(),
});
export const gpsTelemetrySchema = z.object({
  latitude: num.min(-90).max(90),
  longitude: num.min(-180).max(180),
  altitude: num.optional(),
  speed: num.min(0).optional(),
  satellites: z.number().int().min(0).max(64).optional(),
});
export const ioTelemetrySchema = z.object({
  /** Digital inputs: level 0 Low, 1 High. */
  inputs: z.array(z.object({ name: label, level: z.union([z.literal(0), z.literal(1)]) })).max(32),
  /** Relays: 0 Closed, 1 Open. */
  relays: z.array(z.object({ name: label, state: z.union([z.literal(0), z.literal(1)]) })).max(32),
  analog: z.array(z.object({ name: label, value: num, unit: z.enum(['V', 'mA']) })).max(32),
});
export const wirelessTelemetrySchema = z.object({
  interfaces: z
    .array(
      z.object({
        ssid: label,
        band: z.enum(['2.4GHz', '5GHz']),
        channel: z.number().int().min(1).max(196),
        clients: z.number().int().min(0),
        enabled: z.boolean(),
        /**
         * Bytes received and sent on the interface since it came up (the kernel's cumulative
         * counters, /sys/class/net/<if>/statistics): the server turns consecutive readings into
         * traffic per interval. Absent from older agents and firmware; a value lower than the
         * previous reading's means the counter started again (a reboot or a wrap).
         */
        rx_bytes: z.number().int().min(0).optional(),
        tx_bytes: z.number().int().min(0).optional(),
      }),
    )
    .max(16),
});
export type WirelessReading = z.infer<typeof wirelessTelemetrySchema>['interfaces'][number];
export const hotspotTelemetrySchema = z.object({
  hotspots: z
    .array(
      z.object({
        index: z.number().int().min(0).max(15),
        ssid: label,
        users_active: z.number().int().min(0),
        rx: z.number().int().min(0),
        tx: z.number().int().min(0),
      }),
    )
    .max(16),
});
export const ddnsTelemetrySchema = z.object({
  entries: z
    .array(
      z.object({
        hostname: label,
        status: z.enum(['up', 'down', 'disabled']),
        ip: label.nullable(),
      }),
    )
    .max(16),
});

/** How a device's OpenVPN client of a netfleet hub (device-vpn.ts `vpn_join`) is doing. */
export const OPENVPN_CLIENT_STATUSES = ['connected', 'connecting', 'stopped', 'failed'] as const;
export type OpenvpnClientStatus = (typeof OPENVPN_CLIENT_STATUSES)[number];
/** The most hub clients one device runs (and reports). */
export const OPENVPN_CLIENTS_MAX = 16;
export const OPENVPN_ERROR_MAX_LENGTH = 256;

/** The name of a device's client instance of hub `hubId`, on the device and in its telemetry. */
export const openvpnClientName = (hubId: number) => `nf_hub_${hubId}`;

export const openvpnClientReadingSchema = z.object({
  hub_id: z.number().int().positive(),
  /** `nf_hub_<hub_id>` (openvpnClientName). */
  name: label,
  /**
   * `connected`: the tunnel is up. `connecting`: the client runs and is (re)connecting.
   * `stopped`: it is not running and did not fail (it was stopped outside netfleet). `failed`: it
   * could not start or it exited with an error; the device retries with back-off.
   */
  status: z.enum(OPENVPN_CLIENT_STATUSES),
  /** The device's tunnel address while connected, else null. */
  ip: z.ipv4().nullable(),
  /** Bytes on the link (the encrypted packets) since the client last started. */
  bytes_sent: z.number().int().min(0),
  bytes_received: z.number().int().min(0),
  /** Epoch ms: when the tunnel came up (connected) or the client ended (stopped, failed); else null. */
  since: z.number().int().positive().nullable(),
  /** Why it failed, or the last error OpenVPN reported since it was last connected; else null. */
  error: z
    .string()
    .max(OPENVPN_ERROR_MAX_LENGTH)
    .regex(/^[\x20-\x7e\u00a0-\uffff]*$/)
    .nullable(),
});
export type OpenvpnClientReading = z.infer<typeof openvpnClientReadingSchema>;

export const vpnTelemetrySchema = z.object({
  l2tp: z
    .array(z.object({ name: label, status: z.enum(['running', 'stopped', 'disabled']) }))
    .max(16),
  /**
   * The device's clients of netfleet hubs, by hub. Absent: the device does not report them (older
   * agents and firmware); empty: it is the client of no hub.
   */
  openvpn: z.array(openvpnClientReadingSchema).max(OPENVPN_CLIENTS_MAX).optional(),
});

export const TELEMETRY_SCHEMAS = {
  dynamic: dynamicTelemetrySchema,
  static: staticTelemetrySchema,
  hotspot: hotspotTelemetrySchema,
  gps: gpsTelemetrySchema,
  io: ioTelemetrySchema,
  wireless: wirelessTelemetrySchema,
  ddns: ddnsTelemetrySchema,
  vpn: vpnTelemetrySchema,
} as const satisfies Record<TelemetryCategory, z.ZodType>;

export type TelemetryData<C extends TelemetryCategory> = z.infer<(typeof TELEMETRY_SCHEMAS)[C]>;

/** A telemetry message: when it was read (epoch ms) and the category's data. */
export const telemetryEnvelopeSchema = z.object({
  ts: z.number().int().positive(),
  data: z.unknown(),
});

/** The largest payload the gateway reads; anything bigger is dropped and logged. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** A reading that passed its category's schema (unknown keys stripped). */
export interface ValidReading {
  ts: number;
  data: unknown;
}

/**
 * A valid reading with its data as JSON text: how it crosses from the broker's thread and waits
 * in the gateway's buffers. One flat string instead of an object graph per reading keeps what
 * waits a second for its flush small (it outlives the young generation and would fill the old).
 */
export interface ReadingText {
  ts: number;
  json: string;
}

export const toReadingText = (reading: ValidReading): ReadingText => ({
  ts: reading.ts,
  json: JSON.stringify(reading.data),
});

/**
 * The message of a `tm/<category>` topic (its payload's text) checked against the envelope and the
 * category's schema; null when it is not valid JSON or not a valid reading.
 */
export const parseReading = (category: TelemetryCategory, text: string): ValidReading | null => {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  const envelope = telemetryEnvelopeSchema.safeParse(message);
  if (!envelope.success) return null;
  const data = TELEMETRY_SCHEMAS[category].safeParse(envelope.data.data);
  return data.success ? { ts: envelope.data.ts, data: data.data } : null;
};
