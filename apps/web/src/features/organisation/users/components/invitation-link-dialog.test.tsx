import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { SchemaForm } from '@/components/schema-form';
import { writeCookie } from '@/lib/cookies';
import { mockApi, ok } from '@/test/mock-api';
import { inviteNewCompanyForm } from '../forms/invite-new-company';
import { InvitationsPage } from '../pages/invitations-page';
import { companies, invitations, rolesByCompany } from '../test-data';
import { list, pickerHandlers, renderSignedIn } from '../test-utils';

const LINK = 'http://console.test/register/one-time-token';
const invited = { ...invitations[0], email: 'newco@example.com', new_company: true };

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

const sendInvitation = async (answer: object) => {
  const api = mockApi({ 'POST /api/distributors/invitations': () => ok(answer) });
  const { user } = renderSignedIn(<SchemaForm definition={inviteNewCompanyForm} />);
  await user.type(screen.getByLabelText(/^Email/), 'newco@example.com');
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));
  await waitFor(() => expect(api.calls('POST /api/distributors/invitations')).toHaveLength(1));
  return user;
};

describe('the invitation link dialog', () => {
  it('shows the link the server answers without a mail server, and copies it', async () => {
    const user = await sendInvitation({ ...invited, invitation_link: LINK });
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(
      within(dialog).getByText(
        'No mail server is configured, so netfleet did not send an e-mail. Hand this one-time ' +
          'link to newco@example.com; it expires 2026-02-10 10:00:00.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('One-time registration link')).toHaveValue(LINK);
    // Nothing claims the mail went out.
    expect(screen.queryByText('Invitation sent successfully')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the invitation was sent when the answer has no link (a mail server sent it)', async () => {
    await sendInvitation(invited);
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invitation link' })).not.toBeInTheDocument();
  });

  it('shows the new link after sending an invitation again', async () => {
    mockApi({
      ...pickerHandlers(companies, rolesByCompany),
      'GET /api/users/invitations': () => list(invitations),
      'POST /api/users/invitations/5/resend': () =>
        ok({ ...invitations[0], invitation_link: LINK }),
    });
    const { user } = renderSignedIn(<InvitationsPage />, { path: '/users/invitations' });
    await user.click(await screen.findByRole('button', { name: 'Actions for new@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(within(dialog).getByLabelText('One-time registration link')).toHaveValue(LINK);
    expect(within(dialog).getByText(/Hand this one-time link to new@example\.com/)).toBeVisible();
  });
});
