// Registry of the generic forms (/forms/:name/:id? and the account menu), composed from the
// features' form definitions. Only forms whose feature is built are here.
import type { FormDefinition } from '@/components/schema-form';
import { companiesForms } from '@/features/companies/forms';
import { emailSmtpForms } from '@/features/email-smtp/forms';
import { tagsForms } from '@/features/tags/forms';
import { usersForms } from '@/features/users/forms';

export const FORMS: Readonly<Record<string, FormDefinition>> = {
  ...companiesForms,
  ...tagsForms,
  // The users feature owns the canonical move-users form (the company page keeps its own dialog).
  ...usersForms,
  ...emailSmtpForms,
};

/** Spec §2 "Forms from the account menu", in the spec's order; each shown with its permission. */
export const ACCOUNT_MENU_FORMS = [
  'new-tag',
  'invite-user',
  'new-company',
  'move-company',
  'remove-from-suppression-list',
  'remove-mfa',
  'delete-user',
  'assign-sso-administrator',
  'invite-new-company',
] as const;
