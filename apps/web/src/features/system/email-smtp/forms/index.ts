import type { FormDefinition } from '@/components/schema-form';
import { smtpConfigCreateForm } from './smtp-config-create';
import { smtpConfigEditForm } from './smtp-config-edit';

/** Forms of this feature by the name used in /forms/<name>/<id?>. */
export const emailSmtpForms: Record<string, FormDefinition> = {
  [smtpConfigCreateForm.name]: smtpConfigCreateForm,
  [smtpConfigEditForm.name]: smtpConfigEditForm,
};
