import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idListSchema, idSchema } from '../list.ts';
import { searchQueryShape } from '../search-query.ts';
import { ipv4Schema } from '../validation.ts';
import { bodyIdSchema } from './users.ts';

// Remote access (RMS "device access"): access rules (a host:port on a device or its LAN), the
// sessions opened through them (links), and the log of those sessions (access history).

/** RMS's protocols for access rules, plus the ones netfleet opens in the browser. */
export const ACCESS_PROTOCOLS = ['http', 'https', 'ssh', 'rdp', 'vnc', 'telnet', 'sftp'] as const;
export const accessProtocolSchema = z.enum(ACCESS_PROTOCOLS);
export type AccessProtocol = z.infer<typeof accessProtocolSchema>;

/** Session types of RMS's connect logs (`webui`, `lan-webui`, `cli`) plus netfleet's others. */
export const SESSION_TYPES = ['webui', 'lan-webui', 'cli', 'ssh', 'telnet', 'sftp', 'vnc'] as const;
export const sessionTypeSchema = z.enum(SESSION_TYPES);
export type SessionType = z.infer<typeof sessionTypeSchema>;

/** Link lifetimes the console offers (seconds); the API takes any from 10 s to a day. */
export const ACCESS_DURATIONS = [300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400] as const;
export const ACCESS_DURATION_MIN = 10;
export const ACCESS_DURATION_MAX = 86_400;

export const REMOTE_ACCESS_MESSAGES = {
  notFound: 'Remote access not found',
  sessionNotFound: 'Session not found',
  deviceOffline: 'The device is offline: it cannot open a tunnel now',
  tunnelTimeout: 'The device did not open its tunnel in time',
  tunnelClosed: 'The tunnel to the device closed',
  targetNotAllowed: 'The device does not allow connections to this host and port',
  targetRefused: 'Nothing answers on this host and port of the device',
  linkExpired: 'This link has expired',
  linkRevoked: 'This link was closed',
  linkForeign: 'This link belongs to another user: open the device from your own console',
  authFailed: 'The device refused the user name or password',
  nameLength: 'Name must be 3 to 50 characters',
  portRange: 'Port must be between 1 and 65535',
  rdpUnsupported: 'RDP is not supported in the browser yet',
  credentialSecretRequired: 'Give a password or a private key',
} as const;

export const durationSchema = z
  .number()
  .int()
  .min(ACCESS_DURATION_MIN)
  .max(ACCESS_DURATION_MAX, 'Duration may be at most a day (86400 seconds)');

/** POST /devices/{id}/connect/webui, /connect/cli and /devices/connect/{access_id}. */
export const connectBodySchema = z.object({ duration: durationSchema });
export type ConnectBody = z.infer<typeof connectBodySchema>;

const nameSchema = z.string().trim().min(3, REMOTE_ACCESS_MESSAGES.nameLength).max(50);
const portSchema = z.number().int().min(1, REMOTE_ACCESS_MESSAGES.portRange).max(65_535);

/** One access rule in POST /devices/remote-access `{data: [...]}`. */
export const accessRuleInputSchema = z.object({
  device_id: bodyIdSchema,
  name: nameSchema,
  destination_ip: ipv4Schema,
  destination_port: portSchema,
  protocol: accessProtocolSchema.default('http'),
  credentials_required: z.boolean().default(false),
  /** netfleet: user ids the rule is shared with besides its company's managers. */
  shared_with: z.array(bodyIdSchema).max(100).optional(),
});
export type AccessRuleInput = z.infer<typeof accessRuleInputSchema>;
export const createAccessRulesBodySchema = z.object({
  data: z.array(accessRuleInputSchema).min(1).max(100),
});

/** PUT /devices/remote-access/{access_id}. */
export const updateAccessRuleBodySchema = z.object({
  device_id: bodyIdSchema.optional(),
  name: nameSchema.optional(),
  destination_ip: ipv4Schema.optional(),
  destination_port: portSchema.optional(),
  protocol: accessProtocolSchema.optional(),
  credentials_required: z.boolean().optional(),
  tag_id: z.array(bodyIdSchema).optional(),
  shared_with: z.array(bodyIdSchema).max(100).optional(),
});

export const deleteAccessRulesBodySchema = z.object({
  id: z.array(bodyIdSchema).min(1).max(1000),
});

/** GET /devices/remote-access. */
export const accessRuleListQuerySchema = z.object({
  /** RMS takes `fields`; netfleet adds `q` and `search-fields` for the console's table. */
  ...searchQueryShape,
  fields_only: z.stringbool().optional(),
  device_id: idListSchema.optional(),
  /** netfleet: one rule's page (RMS has no GET of a single rule). */
  id: idListSchema.optional(),
  company_id: idSchema.optional(),
  limit: z.coerce.number<string>().int().min(1).max(1000).optional(),
  offset: z.coerce.number<string>().int().min(0).optional(),
  sort: z.string().optional(),
});

/** An access rule as RMS answers it, and what the console shows beside. */
export const accessRuleSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  name: z.string(),
  destination_ip: z.string(),
  destination_port: z.number().int(),
  protocol: z.string(),
  is_main: z.boolean(),
  credentials_required: z.boolean(),
  mqtt: z.number(),
  device_name: z.string(),
  device_description: z.string(),
  is_esim_bootstrap: z.boolean().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  company_name: z.string(),
  created_at: apiDateSchema,
  company_id: z.number().int(),
  device_status: z.number().int(),
  shared_with: z.array(z.number().int()),
  active_sessions: z.number().int(),
});
export type AccessRule = z.infer<typeof accessRuleSchema>;

/**
 * A session: one link to one target, bound to the user who opened it. `url` is where the
 * browser goes: the web UI's own origin (with a one-time launch code) or a console connect page.
 */
export const connectSessionSchema = z.object({
  id: z.number().int(),
  type: sessionTypeSchema,
  device_id: z.number().int(),
  device_name: z.string(),
  access_id: z.number().int().nullable(),
  protocol: accessProtocolSchema,
  destination_ip: z.string(),
  destination_port: z.number().int(),
  /** Epoch seconds (RMS). */
  start_time: z.number().int(),
  end_time: z.number().int().nullable(),
  input_data: z.number().int(),
  output_data: z.number().int(),
  username: z.string(),
  company_name: z.string(),
  url: z.string(),
  /** Seconds left. */
  ttl: z.number().int(),
  active: z.boolean(),
});
export type ConnectSession = z.infer<typeof connectSessionSchema>;

/** GET /devices/{id}/links?type=webui|cli: active links (RMS). */
export const deviceLinkSchema = z.object({
  link_id: z.number().int(),
  url: z.string(),
  ttl: z.number().int(),
  active: z.number().int(),
  created_at: apiDateSchema,
});
export const deviceLinksQuerySchema = z.object({ type: z.enum(['webui', 'cli']) });

/** GET /devices/connect/logs: the access history. */
export const connectLogQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional(),
  user_id: idSchema.optional(),
  type: sessionTypeSchema.optional(),
  device_id: idSchema.optional(),
  start_date: apiDateSchema,
  end_date: apiDateSchema,
  sort: z.string().optional(),
  limit: z.coerce.number<string>().int().min(0).max(1000).default(10),
  offset: z.coerce.number<string>().int().min(0).default(0),
});
export type ConnectLogQuery = z.infer<typeof connectLogQuerySchema>;
export const CONNECT_LOG_SORT_FIELDS = [
  'start_date',
  'end_date',
  'company_name',
  'input_data',
  'output_data',
] as const;

export const connectLogSchema = z.object({
  id: z.number().int(),
  type: sessionTypeSchema,
  start_time: apiDateSchema,
  end_time: apiDateSchema.nullable(),
  input_data: z.number().int(),
  output_data: z.number().int(),
  username: z.string(),
  company_name: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  protocol: accessProtocolSchema,
  destination_ip: z.string(),
  destination_port: z.number().int(),
  client_ip: z.string().nullable(),
  end_reason: z.string().nullable(),
});
export type ConnectLog = z.infer<typeof connectLogSchema>;

/** POST /devices/connect/status. */
export const connectStatusBodySchema = z.object({ id: z.array(bodyIdSchema).min(1) });

/** Credentials the user chose to keep for a device (SSH/telnet), never answered back. */
export const savedCredentialSchema = z.object({
  device_id: z.number().int(),
  username: z.string(),
  auth: z.enum(['password', 'key']),
});
export const saveCredentialBodySchema = z.object({
  username: z.string().trim().min(1, 'User name is required').max(64),
  password: z.string().max(256).optional(),
  private_key: z.string().max(16_384).optional(),
  passphrase: z.string().max(256).optional(),
});

// ---------------------------------------------------------------------------------------------
// The console's connect screens (same origin, cookie session; the session must be the caller's).

/** `GET /api/connect/sessions/{id}/terminal` (WebSocket): JSON text frames control it. */
export const terminalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
    username: z.string().max(64).optional(),
    password: z.string().max(256).optional(),
    private_key: z.string().max(16_384).optional(),
    passphrase: z.string().max(256).optional(),
    /** Use the credential saved for this device. */
    use_saved: z.boolean().optional(),
    /** Keep this credential (encrypted) for the next session to this device. */
    remember: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessageSchema>;
/** Binary frames both ways are the terminal's bytes; text frames from the server are these. */
export type TerminalServerMessage =
  | { type: 'ready' }
  | { type: 'error'; code: string; message: string }
  | { type: 'closed'; reason: string };

/** `GET /api/connect/sessions/{id}/sftp/list?path=`. */
export const sftpEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['file', 'directory', 'link', 'other']),
  size: z.number().int(),
  modified: apiDateSchema.nullable(),
  permissions: z.string(),
});
export type SftpEntry = z.infer<typeof sftpEntrySchema>;
export const sftpPathSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((v) => v.startsWith('/') && !v.includes('\0'), 'Path must be absolute');
export const sftpLoginBodySchema = saveCredentialBodySchema.extend({
  use_saved: z.boolean().optional(),
  remember: z.boolean().optional(),
});
export const sftpRenameBodySchema = z.object({ from: sftpPathSchema, to: sftpPathSchema });
export const sftpPathBodySchema = z.object({ path: sftpPathSchema });

const ipv4Parts = (ip: string): number[] | null => {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.map(Number);
};

/**
 * Hosts a tunnel may reach: the device itself (loopback) and private LANs (RFC 1918). Never a
 * public address, link-local (cloud metadata), multicast or 0.0.0.0: a rule must not turn a
 * device into a proxy to the internet or to the server's own network. Devices check it too.
 */
export const isAllowedTunnelTarget = (ip: string): boolean => {
  const p = ipv4Parts(ip);
  if (!p) return false;
  const [a = 0, b = 0] = p;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
};
