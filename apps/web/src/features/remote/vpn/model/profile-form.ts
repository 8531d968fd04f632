import { z } from 'zod';
import { quickConnectBodySchema, vpnUsernameSchema } from '@netfleet/contracts';

export type ProfileOwner = 'me' | 'custom';

/** A quick connect profile for the caller, or for a custom user name; either with a lifetime. */
export const profileFormSchema = z
  .object({
    owner: z.enum(['me', 'custom']),
    username: z.string(),
    expires_in: quickConnectBodySchema.shape.expires_in,
  })
  .superRefine((values, context) => {
    if (values.owner !== 'custom') return;
    const checked = vpnUsernameSchema.safeParse(values.username);
    for (const issue of checked.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['username'], message: issue.message });
    }
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** The body of POST /vpn/hubs/{id}/quick-connect. */
export const profileBody = (values: ProfileFormValues) =>
  values.owner === 'custom'
    ? { username: values.username.trim(), expires_in: values.expires_in }
    : { expires_in: values.expires_in };
