// Query keys of the invitee's side of invitations (the registration page).
export const invitationsKeys = {
  all: ['invitations'] as const,
  details: (token: string) => [...invitationsKeys.all, 'details', token] as const,
};

/** The account service's invitation path of a token (base '/'). */
export const invitationPath = (token: string) =>
  `/account/invitations/${encodeURIComponent(token)}`;
