import type { EmailConfiguration } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { ApiError } from '@/lib/api-client';
import { getEmailConfiguration } from '../api/get-email-configurations';
import { emailConfigurationPath, emailSmtpKeys } from '../api/keys';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';
import { smtpConfigBody, smtpConfigFields } from './smtp-config-fields';

/** The edit form's starting values: the stored password is never sent back, so it starts empty. */
export function smtpConfigEditValues(configuration: EmailConfiguration): FormValues {
  return {
    name: configuration.name,
    host: configuration.host,
    port: configuration.port,
    secure: configuration.secure,
    email: configuration.email,
    username: configuration.username ?? '',
    password: '',
  };
}

const idOf = (id: string | undefined): number | null =>
  id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;

async function loadValues(id?: string): Promise<FormValues> {
  const numeric = idOf(id);
  const configuration = numeric === null ? null : await getEmailConfiguration(numeric);
  if (!configuration) throw new ApiError(404, 'Not Found', [], TEXTS.notFound);
  return smtpConfigEditValues(configuration);
}

/** PUT /email-configurations/{id}; the company stays, an empty password stays unchanged. */
export const smtpConfigEditForm: FormDefinition = {
  name: 'smtp-config-edit',
  title: TEXTS.editTitle,
  item: TEXTS.item,
  verb: 'update',
  permission: 'manage_smtp',
  method: 'PUT',
  url: (_values, id) => emailConfigurationPath(id ?? ''),
  fields: smtpConfigFields(TEXTS.passwordKeep),
  initialValues: loadValues,
  transform: smtpConfigBody,
  invalidate: [emailSmtpKeys.all],
};
