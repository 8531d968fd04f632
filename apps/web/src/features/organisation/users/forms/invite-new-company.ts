import type { FormDefinition } from '@/components/schema-form';
import { announceInvitationResponse } from '../components/invitation-link-dialog';
import { emailField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/** The invitee registers as administrator of a new subsidiary of the caller's company. */
export const inviteNewCompanyForm: FormDefinition = {
  name: 'invite-new-company',
  title: T.forms.inviteNewCompany,
  item: T.items.invitation,
  verb: 'send',
  permission: 'manage_companies',
  method: 'POST',
  url: '/distributors/invitations',
  submitLabel: T.forms.sendInvitation,
  // Without a mail server the answer carries the link: a dialog shows it instead of the toast.
  successMessage: false,
  onSuccess: announceInvitationResponse,
  fields: [emailField],
};
