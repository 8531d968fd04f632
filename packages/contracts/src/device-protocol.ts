import { z } from 'zod';
import { DEVICE_SERIES } from './device-models.ts';
import { VPN_COMMAND_TYPES } from './device-vpn.ts';
import { telemetryCategorySchema } from './device-topics.ts';
import { hubHostSchema, VPN_HUB_COMMAND_TYPES } from './device-vpn-hub.ts';

// The MQTT protocol between a device (apps/agent, or any Linux/OpenWrt box with mosquitto_pub/sub)
// and the netfleet gateway. docs/device-protocol.md explains it for device implementers; this
// file is the single definition both sides import. MQTT 3.1.1, JSON payloads in UTF-8.

export const PROTOCOL_VERSION = 1;

export * from './device-topics.ts';
export * from './device-control.ts';

// ---------------------------------------------------------------------------------------------
// Identity and enrolment

/** `00:1E:42:AB:CD:EF` (any case, `-` or `:`), stored upper-case with colons. */
export const macSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, 'MAC must look like 00:1E:42:AB:CD:EF')
  .transform((v) => v.replace(/-/g, ':').toUpperCase());

/** 15 digits (IMEI). */
export const imeiSchema = z
  .string()
  .trim()
  .regex(/^\d{15}$/, 'IMEI must be 15 digits');

/** Serial numbers are 6 to 32 digits or letters. */
export const serialSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,32}$/, 'Serial number must be 6 to 32 letters or digits');

/** The one-time claim secret shown when a device is added: 24 base32-like characters. */
export const CLAIM_SECRET_LENGTH = 24;
export const claimSecretSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{16,64}$/, 'Claim secret must be 16 to 64 letters or digits');

export const firmwareStringSchema = z
  .string()
  .trim()
  .max(64)
  // Device-reported strings are shown in the console: printable ASCII only, never markup.
  .regex(/^[\x20-\x7e]*$/, 'Firmware must be printable ASCII')
  .refine((v) => !/[<>"'`]/.test(v), 'Firmware may not contain markup characters');

export const modelNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,16}$/, 'Model must be 3 to 16 letters, digits or hyphens')
  .transform((v) => v.toUpperCase());

export const enrolRequestSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  serial: serialSchema,
  mac: macSchema.optional(),
  imei: imeiSchema.optional(),
  claim: claimSecretSchema,
  model: modelNameSchema,
  firmware: firmwareStringSchema,
});
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;

/**
 * The answer to an enrolment. A refusal never says why: a wrong secret, an unknown serial and a
 * serial registered elsewhere look the same, so the enrolment topic is no ownership oracle.
 */
export const enrolResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    device_id: z.number().int().positive(),
    username: z.string(),
    password: z.string(),
  }),
  z.object({ ok: z.literal(false), error: z.literal('enrolment refused') }),
]);
export type EnrolResponse = z.infer<typeof enrolResponseSchema>;
export const ENROL_REFUSED: EnrolResponse = { ok: false, error: 'enrolment refused' };

// ---------------------------------------------------------------------------------------------
// State, hello, config

export const DEVICE_STATES = ['online', 'offline'] as const;
export const stateMessageSchema = z.object({
  state: z.enum(DEVICE_STATES),
  ts: z.number().optional(),
});
export type StateMessage = z.infer<typeof stateMessageSchema>;

export const helloSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  model: modelNameSchema,
  firmware: firmwareStringSchema,
  agent: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\x20-\x7e]*$/),
  serial: serialSchema,
  mac: macSchema.optional(),
  imei: imeiSchema.optional(),
  /** Seconds since boot. */
  uptime: z.number().int().min(0).optional(),
  /** Job ids the device has already finished, so a resent command is not run twice. */
  done_jobs: z.array(z.number().int().positive()).max(100).optional(),
  /** Only from `netfleet-agent --hub`: whether this machine can run VPN hubs (device-vpn-hub.ts). */
  hub: hubHostSchema.optional(),
});
export type Hello = z.infer<typeof helloSchema>;

/** Monitoring periods in seconds per category; 0 or absent = do not send. */
export const configMessageSchema = z.object({
  periods: z.partialRecord(telemetryCategorySchema, z.number().int().min(0).max(31_536_000)),
  /** Telemetry older than this many seconds is not worth sending after a reconnect. */
  max_backlog: z.number().int().min(0).optional(),
});
export type ConfigMessage = z.infer<typeof configMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Commands and acknowledgements

export const COMMAND_TYPES = [
  'reboot',
  'update_metrics_data',
  'firmware_update',
  'command',
  'hotspot_users',
  'hotspot_user_add',
  'hotspot_user_delete',
  'hotspot_sessions',
  'lan_hosts',
  'set_password',
  'config_get',
  'config_set',
  'backup_export',
  'backup_restore',
  'collect_config',
  'alerts_config',
  'file_put',
  'file_get',
  'esim_profile',
  'esim_bootstrap',
  ...VPN_COMMAND_TYPES,
  ...VPN_HUB_COMMAND_TYPES,
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const firmwareUpdateArgsSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().max(255),
});

/** The longest `timeout` a `command` job may give, in seconds. */
export const COMMAND_TIMEOUT_MAX_SECONDS = 300;
/** The exit codes that count as success when a `command` job gives no `acceptable_codes`. */
export const DEFAULT_ACCEPTABLE_CODES: readonly number[] = [0];

export const commandArgsSchema = z.object({
  command: z.string().min(1).max(1024),
  /**
   * Seconds the command may run. Past it the device stops it and acks `failed` with
   * `commandTimedOutMessage(timeout)`. Absent: the device's own limit.
   */
  timeout: z.number().int().min(1).max(COMMAND_TIMEOUT_MAX_SECONDS).optional(),
  /**
   * Exit codes that mean `completed` (absent or empty: `DEFAULT_ACCEPTABLE_CODES`). Any other exit
   * acks `failed` with `commandExitMessage(code)` and the output as `result`.
   */
  acceptable_codes: z.array(z.number().int().min(0).max(255)).max(256).optional(),
});
export type CommandArgs = z.infer<typeof commandArgsSchema>;

/** The exit codes a `command` job accepts as success. */
export const acceptableCodes = (args: Pick<CommandArgs, 'acceptable_codes'>): readonly number[] =>
  args.acceptable_codes?.length ? args.acceptable_codes : DEFAULT_ACCEPTABLE_CODES;

/** The `failed` message of a command stopped at its timeout. */
export const commandTimedOutMessage = (seconds: number) => `Timed out after ${seconds} s`;

/** The `failed` message of a command that exited with a code outside `acceptable_codes`. */
export const commandExitMessage = (code: number) => `Exit code ${code}`;

/** Passwords a device accepts (RMS device passwords: 8 to 32 characters). */
export const DEVICE_PASSWORD_MIN_LENGTH = 8;
export const DEVICE_PASSWORD_MAX_LENGTH = 32;

/**
 * `set_password`: the device sets the password of its administrative user (`root` on RutOS) and
 * acks `completed`; the password is never echoed in an ack. The server drops it from the job once
 * the job ends.
 */
export const setPasswordArgsSchema = z.object({
  password: z
    .string()
    .min(DEVICE_PASSWORD_MIN_LENGTH)
    .max(DEVICE_PASSWORD_MAX_LENGTH)
    .regex(/^[\x20-\x7e]+$/, 'Use printable characters only'),
});
export type SetPasswordArgs = z.infer<typeof setPasswordArgsSchema>;

/**
 * `lan_hosts`: the hosts the device sees on its LAN (its ARP table), as the JSON `result` of the
 * acknowledgement. RMS's port scan of the ethernet ports lists them.
 */
export const lanHostSchema = z.object({
  ip: z.string().max(45),
  mac: z.string().max(17),
  /** The device's interface (`br-lan`, `eth0`). */
  interface: z.string().max(32),
  /** The LAN port it is seen on, when the device knows (`LAN1`). */
  port: z.string().max(16).nullable(),
});
export type LanHost = z.infer<typeof lanHostSchema>;
export const lanHostsResultSchema = z.array(lanHostSchema).max(256);

export const commandMessageSchema = z.object({
  /** The job id; the device echoes it in every ack and never runs the same id twice. */
  id: z.number().int().positive(),
  type: z.enum(COMMAND_TYPES),
  args: z.record(z.string(), z.unknown()).default({}),
  /** Epoch ms after which the device must not start the command. */
  expires_at: z.number().int().positive(),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

export const ACK_STATUSES = ['received', 'progress', 'completed', 'failed', 'rejected'] as const;
export type AckStatus = (typeof ACK_STATUSES)[number];

export const ackMessageSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(ACK_STATUSES),
  progress: z
    .object({ value: z.number().int().min(0), total: z.number().int().positive() })
    .optional(),
  message: z.string().max(1024).optional(),
  /** Command output (truncated by the device). */
  result: z
    .string()
    .max(16 * 1024)
    .optional(),
});
export type AckMessage = z.infer<typeof ackMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Reconnection and connection log codes

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/**
 * "Equal jitter" back-off: between half and all of base·2^attempt (capped), so a fleet that lost
 * the server together does not come back together, and no device retries at once.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/**
 * Device connection log codes (spec §8). 0, 10, 12, 20 and 104 all read "Device has attempted to
 * connect to the system"; netfleet uses them for the step that was attempted.
 */
export const CONNECTION_CODES = {
  /** Enrolment with the claim secret accepted; the device received its credential. */
  enrolled: 0,
  /** Connected with its credential. */
  connected: 10,
  /** Connected again after the broker had reported it offline. */
  reconnected: 12,
  /** Announced itself (hello) with a new model or firmware. */
  identityChanged: 20,
  /** Connected with a wrong or revoked credential; refused. */
  badCredential: 104,
  /** Connected while every monitoring category is off: nothing will be stored. */
  monitoringDisabled: 14,
  /** The company has no active credit for the device. */
  noActiveCredit: 15,
  /** Same serial, other MAC/IMEI than the registered device: refused. */
  duplicateSerial: 7,
} as const;

export const deviceSeriesSchema = z.enum(DEVICE_SERIES);
