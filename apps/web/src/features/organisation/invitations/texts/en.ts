// English texts of the invitation registration page, shared with the tests.
import { INVITATION_NOT_FOUND_MESSAGE, PASSWORD_MIN_LENGTH } from '@netfleet/contracts';

export const en = {
  registerTitle: 'Create your account',
  loading: 'Loading the invitation…',
  notFound: INVITATION_NOT_FOUND_MESSAGE,
  notFoundHelp: 'Ask the person who invited you to send a new invitation.',
  loadFailed: 'The invitation could not be loaded.',
  retry: 'Try again',
  toSignIn: 'Go to sign in',
  /** {{company}}, {{role}} and {{inviter}} are shown in bold. */
  invitedBy: 'You are invited to join {{company}} as {{role}} by {{inviter}}.',
  invited: 'You are invited to join {{company}} as {{role}}.',
  email: 'E-mail',
  username: 'Username',
  usernameHelp: 'Optional: the part of your e-mail address before the @ when left empty',
  password: 'Password',
  passwordHelp: `At least ${PASSWORD_MIN_LENGTH} characters`,
  passwordConfirmation: 'Confirm password',
  passwordMismatch: 'Passwords do not match',
  companyName: 'Company name',
  companyNameRequired: 'Company name is required',
  newCompanyHelp: (parent: string) =>
    `Name your company below: it is created as a subsidiary of ${parent}.`,
  register: 'Create account',
} as const;
