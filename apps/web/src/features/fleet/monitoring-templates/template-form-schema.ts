import { z } from 'zod';
import {
  createMonitoringTemplateBodySchema,
  MONITORING_PERIOD_MAX,
  MONITORING_PERIOD_MIN,
  monitoringParameterSchema,
} from '@netfleet/contracts';
import { TEMPLATE_TEXTS } from './texts';

export const PERIOD_MESSAGE = TEMPLATE_TEXTS.periodRange;
export const NAME_REQUIRED = TEMPLATE_TEXTS.nameRequired;

const periodSchema = z
  .number({ error: PERIOD_MESSAGE })
  .int({ error: PERIOD_MESSAGE })
  .min(MONITORING_PERIOD_MIN, { error: PERIOD_MESSAGE })
  .max(MONITORING_PERIOD_MAX, { error: PERIOD_MESSAGE });

/** The create body with the form's own messages; editing sends the same fields but the company. */
export const templateFormSchema = createMonitoringTemplateBodySchema.extend({
  name: z
    .string()
    .trim()
    .min(1, { error: NAME_REQUIRED })
    .pipe(createMonitoringTemplateBodySchema.shape.name),
  description: z.string(),
  parameters: z.array(monitoringParameterSchema.extend({ period: periodSchema })),
});
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormValues = z.output<typeof templateFormSchema>;
