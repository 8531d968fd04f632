import type { z } from 'zod';
import { dataCollectAssignBodySchema } from '@netfleet/contracts';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** One config's entry of the assign body: the config is the page's. */
export const assignFormSchema = dataCollectAssignBodySchema.shape.configs.element.omit({
  id: true,
});
export type AssignFormValues = z.infer<typeof assignFormSchema>;

/** The period's range and an empty device list in the form's words rather than zod's. */
export const assignErrorMap: z.core.$ZodErrorMap = (issue) => {
  const [field] = issue.path ?? [];
  if (field === 'period') return T.periodMessage;
  if (field === 'device_id' && issue.code === 'too_small') return T.pickDevices;
  return undefined;
};
