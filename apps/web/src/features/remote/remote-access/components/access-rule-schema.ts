import { z } from 'zod';
import { accessRuleInputSchema, isAllowedTunnelTarget } from '@netfleet/contracts';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/**
 * The API's rule (accessRuleInputSchema), with its tunnel-target rule checked before sending:
 * the device itself or a private LAN address, never a public host. An emptied port input holds
 * null (react-hook-form would put the default back for undefined): it counts as missing.
 */
export const accessRuleFormSchema = accessRuleInputSchema.extend({
  destination_ip: accessRuleInputSchema.shape.destination_ip.refine(isAllowedTunnelTarget, {
    error: T.destinationNotAllowed,
  }),
  destination_port: z.preprocess(
    (value) => value ?? undefined,
    accessRuleInputSchema.shape.destination_port,
  ),
});

export type AccessRuleFormInput = z.input<typeof accessRuleFormSchema>;
export type AccessRuleFormValues = z.output<typeof accessRuleFormSchema>;

export const ACCESS_RULE_FIELDS = [
  'device_id',
  'name',
  'protocol',
  'destination_ip',
  'destination_port',
  'credentials_required',
] as const;
export type AccessRuleField = (typeof ACCESS_RULE_FIELDS)[number];

/** An empty input is a missing value: say so rather than zod's 'expected number'. */
export const requiredMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? T.required : undefined;
