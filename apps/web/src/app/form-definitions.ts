// The generic forms' definitions, composed from the features' forms. Loaded on first use (see
// ./forms): the form code and the schemas it pulls in stay out of the initial bundle.
import type { FormDefinition } from '@/components/schema-form';
import { creditsForms } from '@/features/business/credits/forms';
import { reportsForms } from '@/features/business/reports/forms';
import { companiesForms } from '@/features/organisation/companies/forms';
import { dataCollectionForms } from '@/features/fleet/data-collection/forms';
import { deviceDetailsForms } from '@/features/fleet/device-details/forms';
import { emailSmtpForms } from '@/features/system/email-smtp/forms';
import { tagsForms } from '@/features/organisation/tags/forms';
import { usersForms } from '@/features/organisation/users/forms';

export const FORMS: Readonly<Record<string, FormDefinition>> = {
  ...companiesForms,
  ...tagsForms,
  // The users feature owns the canonical move-users form (the company page keeps its own dialog).
  ...usersForms,
  ...emailSmtpForms,
  ...deviceDetailsForms,
  ...dataCollectionForms,
  ...creditsForms,
  ...reportsForms,
};
