// Registry of the generic forms (/forms/:name/:id?, form dialogs by name, the account menu). Only
// forms whose feature is built are registered (./form-definitions); their definitions and the
// form code load on first use, so the account menu lists its forms from the light entries here.
import type { Permission } from '@netfleet/contracts';
import type { DialogOptions } from '@/components/dialogs';
import type { OpenFormDialogOptions } from '@/components/schema-form';
import { APP_TEXTS } from './i18n/texts';
import { loadChunk } from './router/lazy-page';

/** What the account menu shows of a form before its definition is loaded. */
export interface AccountMenuForm {
  name: string;
  /** The definition's title and permission (forms.test.ts keeps them in step). */
  title: string;
  permission: Permission;
}

/** Spec §2 "Forms from the account menu", in the spec's order. */
const FORM_TITLES = APP_TEXTS.forms;

export const ACCOUNT_MENU_FORMS: readonly AccountMenuForm[] = [
  { name: 'new-tag', title: FORM_TITLES['new-tag'], permission: 'manage_tags' },
  { name: 'invite-user', title: FORM_TITLES['invite-user'], permission: 'invite_users' },
  { name: 'new-company', title: FORM_TITLES['new-company'], permission: 'manage_companies' },
  { name: 'move-company', title: FORM_TITLES['move-company'], permission: 'manage_companies' },
  { name: 'add-resources', title: FORM_TITLES['add-resources'], permission: 'super_admin' },
  { name: 'move-resources', title: FORM_TITLES['move-resources'], permission: 'manage_credits' },
  {
    name: 'create-code',
    title: FORM_TITLES['create-code'],
    permission: 'manage_credit_transfer_codes',
  },
  {
    name: 'activate-code',
    title: FORM_TITLES['activate-code'],
    permission: 'activate_credit_transfer_codes',
  },
  {
    name: 'add-company-data',
    title: FORM_TITLES['add-company-data'],
    permission: 'manage_credits',
  },
  {
    name: 'upload-device-api-documentation',
    title: FORM_TITLES['upload-device-api-documentation'],
    permission: 'super_admin',
  },
  {
    name: 'remove-from-suppression-list',
    title: FORM_TITLES['remove-from-suppression-list'],
    permission: 'manage_users',
  },
  { name: 'remove-mfa', title: FORM_TITLES['remove-mfa'], permission: 'manage_users' },
  { name: 'delete-user', title: FORM_TITLES['delete-user'], permission: 'manage_users' },
  {
    name: 'assign-sso-administrator',
    title: FORM_TITLES['assign-sso-administrator'],
    permission: 'manage_users',
  },
  {
    name: 'invite-new-company',
    title: FORM_TITLES['invite-new-company'],
    permission: 'manage_companies',
  },
];

/** The registered form `name` as the main dialog, under the chunk reload rule (spec §8). */
export async function registeredFormDialog(
  name: string,
  options: OpenFormDialogOptions = {},
): Promise<DialogOptions> {
  const [{ FORMS }, { formDialog }] = await loadChunk(() =>
    Promise.all([import('./form-definitions'), import('@/components/schema-form')]),
  );
  const definition = Object.hasOwn(FORMS, name) ? FORMS[name] : undefined;
  if (!definition) throw new Error(`No form registered as '${name}'`);
  return formDialog(definition, options);
}
