import { INVITATION_TTL_DAYS } from '@netfleet/contracts';
import type { Mail } from '@/modules/system/mail/mail.service';

export const INVITATION_SUBJECT = 'You are invited to netfleet';

export interface InvitationMail {
  to: string;
  token: string;
  inviterEmail: string;
  /** The company joined; for a new company, the one it is created under. */
  companyName: string;
  roleTitle: string;
  newCompany: boolean;
  /** The inviter's suggestion for the new company's name. */
  suggestedCompanyName?: string | undefined;
}

/** The SPA's registration page for the token (the link is the token's only carrier). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/register/${encodeURIComponent(token)}`;

export const invitationMail = (publicUrl: string, invite: InvitationMail): Mail => {
  const what = invite.newCompany
    ? `to create ${invite.suggestedCompanyName ? `the company "${invite.suggestedCompanyName}"` : 'your company'} as a subsidiary of ${invite.companyName}`
    : `to join ${invite.companyName} as ${invite.roleTitle}`;
  return {
    to: invite.to,
    subject: INVITATION_SUBJECT,
    text:
      `Hello,\n\n${invite.inviterEmail} invited you ${what} on netfleet.\n\n` +
      `Register within ${INVITATION_TTL_DAYS} days by opening this link:\n\n` +
      `${invitationLink(publicUrl, invite.token)}\n`,
    secrets: [invite.token],
  };
};
