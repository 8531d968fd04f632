import type { FormDefinition } from '@/components/schema-form';
import { announceInvitationResponse } from '../components/invitation-link-dialog';
import { emailField } from './email-field';

/** The invitee registers as administrator of a new subsidiary of the caller's company. */
export const inviteNewCompanyForm: FormDefinition = {
  name: 'invite-new-company',
  title: 'Invite new company',
  item: 'invitation',
  verb: 'send',
  permission: 'manage_companies',
  method: 'POST',
  url: '/distributors/invitations',
  submitLabel: 'Send invitation',
  // Without a mail server the answer carries the link: a dialog shows it instead of the toast.
  successMessage: false,
  onSuccess: announceInvitationResponse,
  fields: [emailField],
};
