import { z } from 'zod';
import type { accessRuleListQuerySchema, updateAccessRuleBodySchema } from './remote-access.ts';
import {
  accessRuleSchema,
  connectBodySchema,
  connectSessionSchema,
  deviceLinkSchema,
} from './remote-access.ts';

// Requests and answers of the remote-access routes beyond the shapes in remote-access.ts: RMS's
// envelopes (a status channel in `meta.channel`) with what the console reads beside them.

export type AccessRuleListQuery = z.infer<typeof accessRuleListQuerySchema>;
export type UpdateAccessRuleBody = z.infer<typeof updateAccessRuleBodySchema>;

/** POST /devices/{id}/connect/cli: netfleet also opens telnet (port 23) instead of SSH. */
export const connectCliBodySchema = connectBodySchema.extend({
  protocol: z.enum(['ssh', 'telnet']).optional(),
});
export type ConnectCliBody = z.infer<typeof connectCliBodySchema>;

/** POST /devices/{device_id}/remote-access/{action}. */
export const REMOTE_ACCESS_ACTIONS = ['check', 'unblock'] as const;
export const remoteAccessActionSchema = z.enum(REMOTE_ACCESS_ACTIONS);
export type RemoteAccessAction = z.infer<typeof remoteAccessActionSchema>;

/** GET /devices/connect/{access_id}/sessions. */
export const connectSessionsQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional(),
});

/** The fields GET /devices/remote-access can pick with `fields` (and lists with `fields_only`). */
export const ACCESS_RULE_FIELDS = Object.keys(accessRuleSchema.shape) as (keyof z.infer<
  typeof accessRuleSchema
>)[];

const channelMeta = z.object({ channel: z.string() });

/** An operation RMS answers with a status channel only. */
export const channelAnswerSchema = z.object({ success: z.literal(true), meta: channelMeta });

/** POST /devices/remote-access (201): the channel, and the rules as created. */
export const accessRulesCreatedSchema = channelAnswerSchema.extend({
  data: z.array(accessRuleSchema),
});

/** PUT /devices/remote-access/{access_id}: the channel, and the rule as it is now. */
export const accessRuleUpdatedSchema = channelAnswerSchema.extend({ data: accessRuleSchema });

/** The connect operations: the channel (one `completed` update with the link) and the session. */
export const connectAnswerSchema = channelAnswerSchema.extend({ data: connectSessionSchema });

/**
 * GET /devices/connect/{access_id}/sessions. RMS's definition answers one session object, not a
 * list: the caller's latest session of the rule (else anyone's), null when there is none.
 */
export const connectSessionsAnswerSchema = z.object({
  success: z.literal(true),
  data: connectSessionSchema.nullable(),
  meta: z.object({ total: z.number().int() }),
});

/** GET /devices/{id}/links. */
export const deviceLinksAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(deviceLinkSchema),
  meta: z.object({ total: z.number().int() }),
});

/** POST /devices/connect/sessions/{session_id}/launch: a fresh one-time link for the owner. */
export const sessionLaunchSchema = z.object({ url: z.string() });

/** GET /devices/{id}/connect-auto-scan/: up to 32 ports, `80,443`; the access ports if none. */
export const SCAN_PORTS_MAX = 32;
export const connectAutoScanQuerySchema = z.object({
  ports: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'Ports must be numbers separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().min(1, 'Ports are 1 to 65535').max(65_535, 'Ports are 1 to 65535'))
        .max(SCAN_PORTS_MAX, `At most ${SCAN_PORTS_MAX} ports`),
    )
    .optional(),
});

/** GET /devices/{id}/port-scan/: the hosts on the device's ethernet ports (its LAN). */
export const portScanQuerySchema = z.object({ type: z.enum(['ethernet']) });
