import { z } from 'zod';
import { idSchema } from './list.ts';

// eSIM profiles (spec: the device tab "network and esim", the "eSIM configuration" dialog, the
// capability has_esim). A device with an eUICC reports its profiles in its `static` reading
// (device-telemetry.ts `esim_profiles`); the console changes them with the `esim_profile` command
// (device-protocol.ts COMMAND_TYPES), a device job like any other device action. Shared by the
// server, the agent and the simulator (docs/device-protocol.md).

export const ESIM_PROFILE_STATES = ['enabled', 'disabled'] as const;
export type EsimProfileState = (typeof ESIM_PROFILE_STATES)[number];

/** Most profiles an eUICC holds that a device reports. */
export const ESIM_PROFILES_MAX = 8;

/** ICCIDs are 18 to 22 digits (ITU-T E.118; 19 or 20 in practice). */
export const iccidSchema = z
  .string()
  .trim()
  .regex(/^\d{18,22}$/, 'ICCID must be 18 to 22 digits');

/** Device-reported names are shown in the console: printable text, no markup. */
const profileText = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\x20-\x7e\u00a0-\uffff]*$/)
  .refine((value) => !/[<>]/.test(value));

/** One profile of the eUICC as the device reports it. */
export const esimProfileReadingSchema = z.object({
  iccid: iccidSchema,
  /** The profile's nickname, else its name as the operator set it. */
  name: profileText.nullable(),
  /** The service provider's name. */
  operator: profileText.nullable(),
  /** At most one profile is enabled at a time (the eUICC's own rule). */
  state: z.enum(ESIM_PROFILE_STATES),
});
export type EsimProfileReading = z.infer<typeof esimProfileReadingSchema>;

export const esimProfilesReadingSchema = z.array(esimProfileReadingSchema).max(ESIM_PROFILES_MAX);

// GSMA SGP.22 §4.1 activation code: "LPA:" then `1$<SM-DP+ address>$<matching id>` optionally
// followed by `$<SM-DP+ OID>` and `$1` (a confirmation code is required). The address is a domain
// name; the matching id is upper-case letters, digits and hyphens (it may be empty).
const SMDP_ADDRESS =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const MATCHING_ID = /^[0-9A-Z-]{0,255}$/;
const OID = /^([0-2](\.\d+)+)?$/;

/** What is wrong with an activation code, as a key of ESIM_MESSAGES. */
export type ActivationCodeIssue =
  | 'activationPrefix'
  | 'activationFormat'
  | 'activationAddress'
  | 'activationMatchingId'
  | 'activationOid'
  | 'activationFlag';

/** Why `code` is not an SGP.22 activation code (a key of ESIM_MESSAGES); null when it is one. */
export function activationCodeIssue(code: string): ActivationCodeIssue | null {
  if (!code.startsWith('LPA:')) return 'activationPrefix';
  const [format, address, matchingId, oid, confirmation, ...rest] = code.slice(4).split('$');
  if (format !== '1') return 'activationFormat';
  if (address === undefined || !SMDP_ADDRESS.test(address)) return 'activationAddress';
  if (matchingId === undefined || !MATCHING_ID.test(matchingId)) return 'activationMatchingId';
  if (oid !== undefined && !OID.test(oid)) return 'activationOid';
  if (confirmation !== undefined && confirmation !== '1') return 'activationFlag';
  if (rest.length > 0) return 'activationFormat';
  return null;
}

/** Why `code` is not an SGP.22 activation code, in words; null when it is one. */
export function activationCodeProblem(code: string): string | null {
  const issue = activationCodeIssue(code);
  return issue ? ESIM_MESSAGES[issue] : null;
}

/** Whether an activation code says the operator's confirmation code is needed too. */
export const needsConfirmationCode = (code: string) => code.split('$')[4] === '1';

export const activationCodeSchema = z
  .string()
  .trim()
  .max(512)
  .superRefine((code, ctx) => {
    const problem = activationCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The operator's confirmation code for a code ending in `$1`: up to 32 printable characters. */
export const confirmationCodeSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[\x21-\x7e]+$/, 'Confirmation code may only contain printable characters');

export const ESIM_ACTIONS = ['add', 'enable', 'disable', 'delete'] as const;
export type EsimAction = (typeof ESIM_ACTIONS)[number];

/**
 * `esim_profile` args, also the body of POST /api/devices/{id}/esim/profiles: download and install
 * a profile from its activation code, or enable, disable or delete one by ICCID. The device acks
 * `completed` once the eUICC did it and sends a new `static` reading with its profiles.
 */
export const esimProfileArgsSchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('add'),
      activation_code: activationCodeSchema,
      confirmation_code: confirmationCodeSchema.optional(),
    }),
    z.object({ action: z.literal('enable'), iccid: iccidSchema }),
    z.object({ action: z.literal('disable'), iccid: iccidSchema }),
    z.object({ action: z.literal('delete'), iccid: iccidSchema }),
  ])
  .superRefine((args, ctx) => {
    if (
      args.action === 'add' &&
      needsConfirmationCode(args.activation_code) &&
      !args.confirmation_code
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmation_code'],
        message: ESIM_MESSAGES.confirmationRequired,
      });
    }
  });
export type EsimProfileArgs = z.infer<typeof esimProfileArgsSchema>;

/**
 * What the device's eUICC holds for bootstrapping: the `esim_bootstrap` command's JSON `result`,
 * and the `value` (as JSON text) of the `completed` update of
 * GET /api/devices/{id}/check/esim-bootstrap. An eUICC ships with a bootstrap (provisioning)
 * profile that only reaches the SM-DP+; the device downloads its operator's (operational) profile
 * through it, and falls back to it while no operational profile is enabled.
 */
export const esimBootstrapStatusSchema = z.object({
  /** The bootstrap profile; null when the eUICC holds none (deleted, or never shipped with one). */
  bootstrap: z
    .object({
      iccid: iccidSchema,
      /** The provider that issued it (the eSIM vendor or connectivity provider). */
      provider: profileText.nullable(),
      /** Whether it is the enabled profile now (no operational profile is). */
      enabled: z.boolean(),
    })
    .nullable(),
  /** Whether the eUICC holds at least one operational (operator) profile. */
  operational_profile: z.boolean(),
});
export type EsimBootstrapStatus = z.infer<typeof esimBootstrapStatusSchema>;

/** POST /api/devices/{id}/esim/profiles: the device. */
export const esimDevicePathSchema = z.object({ id: idSchema });

export const ESIM_MESSAGES = {
  activationPrefix: 'An activation code starts with LPA:',
  activationFormat: 'An activation code looks like LPA:1$<SM-DP+ address>$<matching ID>',
  activationAddress: 'The SM-DP+ address of the activation code is not a domain name',
  activationMatchingId:
    'The matching ID of the activation code may only hold capital letters, digits and hyphens',
  activationOid: 'The SM-DP+ OID of the activation code is not an object identifier',
  activationFlag: 'The activation code ends with an unknown flag (only $1 is known)',
  confirmationRequired: 'This activation code needs the confirmation code from the operator',
  /** The device has no eUICC (its model lacks has_esim). */
  notSupported: 'This device has no eSIM',
  /** The device's last reading lists no profile with this ICCID. */
  profileNotFound: 'The device reports no eSIM profile with this ICCID',
  /** Device-side outcomes (the simulator's, and what agents should say). */
  profileExists: 'The eSIM already holds this profile',
  full: 'The eSIM has no room for another profile',
  deleteEnabled: 'Disable the profile before deleting it',
  /** GET /api/devices/{id}/check/esim-bootstrap: the device has to answer now. */
  bootstrapOffline: 'The device is offline: it can report its eSIM bootstrap status once connected',
  bootstrapAsking: 'Asking the device for its eSIM bootstrap status',
  bootstrapTimeout: 'The device did not report its eSIM bootstrap status in time',
  bootstrapFailed: 'The device could not read its eSIM',
  bootstrapUnreadable: 'The device answered something else than its eSIM bootstrap status',
} as const;
