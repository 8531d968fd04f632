import type { FieldDefinition, FormDefinition } from '@/components/schema-form';
import { fetchCurrentUser } from '@/lib/current-user';
import { announceInvitationResponse } from '../components/invitation-link-dialog';
import { emailField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/**
 * `?company_id=N` of the page: the companies feature links to /forms/invite-user?company_id=N, and
 * a dialog opened on a page filtered by company invites into that company.
 */
function companyIdFromLocation(): number | undefined {
  const raw = new URLSearchParams(window.location.search).get('company_id');
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

/** Roles the caller may give a user of the chosen company (the server applies spec §6). */
export const inviteableRoleField = (key: string): FieldDefinition => ({
  key,
  label: T.forms.role,
  component: 'ItemSelect',
  required: true,
  props: {
    endpoint: '/roles',
    labelKey: 'title',
    query: { inviteable: 'true' },
    queryFrom: { company_id: 'company_id' },
  },
});

/** Spec §5 Invite user: changing the company clears the role and reloads the roles. */
export const inviteUserForm: FormDefinition = {
  name: 'invite-user',
  title: T.forms.inviteUser,
  item: T.items.invitation,
  verb: 'send',
  permission: 'invite_users',
  method: 'POST',
  url: '/users/invite',
  submitLabel: T.forms.sendInvitation,
  // Without a mail server the answer carries the link: a dialog shows it instead of the toast.
  successMessage: false,
  onSuccess: announceInvitationResponse,
  fields: [
    {
      key: 'company_id',
      label: T.forms.company,
      component: 'ItemSelect',
      required: true,
      resets: ['role'],
      props: { endpoint: '/companies', labelKey: 'name' },
    },
    emailField,
    inviteableRoleField('role'),
  ],
  // The current company unless the URL names one.
  initialValues: async () => ({
    company_id: companyIdFromLocation() ?? (await fetchCurrentUser()).company_id,
  }),
};
