import type { z } from 'zod';
import type { alertConfigUpdateSchema, AlertConfig } from '@netfleet/contracts';

/** The edit form: `alert_config_update` (PUT), its schema the resolver; every field is sent. */
export type EditFormValues = z.input<typeof alertConfigUpdateSchema>;

export const editFormDefaults = (config: AlertConfig): EditFormValues => ({
  subject: config.subject,
  message: config.message,
  enable: config.enable,
  redundancy_enable: config.redundancy_enable,
  redundancy_interval: config.redundancy_interval ?? 0,
  // RMS answers it as a string and takes it as an integer.
  smtp_config_id: config.smtp_config_id === null ? null : Number(config.smtp_config_id),
});

/** The inputs on screen: the e-mail's subject and server only for configs that send one. */
export const editFormFields = (emails: boolean): (keyof EditFormValues)[] => [
  ...(emails ? (['subject', 'smtp_config_id'] as const) : []),
  'message',
  'enable',
  'redundancy_enable',
  'redundancy_interval',
];
