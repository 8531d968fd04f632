import type { z } from 'zod';
import { automationDevicesBodySchema } from '@netfleet/contracts';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** The assign body's one entry: the devices to evaluate the rule on. */
export const assignFormSchema = automationDevicesBodySchema.element;
export type AssignFormValues = z.infer<typeof assignFormSchema>;

/** An empty pick in the form's words rather than zod's. */
export const assignErrorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'too_small' ? T.pickDevices : undefined;
