import type { FormDefinition } from '@/components/schema-form';
import { EMAIL_CONFIGURATIONS_PATH, emailSmtpKeys } from '../api/keys';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';
import { smtpConfigBody, smtpConfigFields } from './smtp-config-fields';

/** POST /email-configurations: a company's own SMTP server. */
export const smtpConfigCreateForm: FormDefinition = {
  name: 'smtp-config-create',
  title: TEXTS.createTitle,
  item: TEXTS.item,
  verb: 'create',
  permission: 'manage_smtp',
  method: 'POST',
  url: EMAIL_CONFIGURATIONS_PATH,
  fields: [
    {
      key: 'company_id',
      label: TEXTS.company,
      required: true,
      component: 'ItemSelect',
      props: { endpoint: '/companies', labelKey: 'name', valueKey: 'id' },
    },
    ...smtpConfigFields(),
  ],
  transform: smtpConfigBody,
  invalidate: [emailSmtpKeys.all],
};
