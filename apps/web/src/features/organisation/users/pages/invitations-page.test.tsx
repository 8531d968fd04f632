import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { errorResponse, mockApi, ok } from '@/test/mock-api';
import { companies, invitations, rolesByCompany } from '../test-data';
import { list, paramsOf, pickerHandlers, renderSignedIn } from '../test-utils';
import { InvitationsPage } from './invitations-page';

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

function stubApi() {
  return mockApi({
    ...pickerHandlers(companies, rolesByCompany),
    'GET /api/users/invitations': () => list(invitations),
    'POST /api/users/invitations/5/resend': () => ok(invitations[0]),
    'DELETE /api/users/invitations/5': () => ok(),
    'DELETE /api/users/invitations/6': () =>
      errorResponse(404, 'NOT_FOUND', 'Invitation not found'),
  });
}

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

describe('InvitationsPage', () => {
  it('lists invitations newest first with status badges and both invite buttons', async () => {
    const api = stubApi();
    renderSignedIn(<InvitationsPage />, { path: '/users/invitations' });
    const table = await screen.findByRole('table', { name: 'Invitations' });
    await within(table).findByText('new@example.com');
    expect(paramsOf(api.calls('GET /api/users/invitations').at(-1))).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
    });
    const pending = within(rowOf('new@example.com'));
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByText('ada@example.com')).toBeInTheDocument();
    expect(pending.getByText('2026-02-10 10:00:00')).toBeInTheDocument();
    expect(within(rowOf('joined@example.com')).getByText('Accepted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite new company' })).toBeInTheDocument();
  });

  it('sends the status filter to the server', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<InvitationsPage />, { path: '/users/invitations' });
    await screen.findByText('new@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Status' }), 'expired');
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/users/invitations').at(-1))).toMatchObject({
        status: 'expired',
      }),
    );
  });

  it('resends a pending invitation; an accepted one has no resend', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<InvitationsPage />, { path: '/users/invitations' });
    await screen.findByText('joined@example.com');
    await user.click(screen.getByRole('button', { name: 'Actions for joined@example.com' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Resend' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for new@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend' }));
    await waitFor(() => expect(api.calls('POST /api/users/invitations/5/resend')).toHaveLength(1));
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
  });

  it('deletes after confirmation and shows a refusal', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<InvitationsPage />, { path: '/users/invitations' });
    await screen.findByText('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Actions for joined@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Invitation not found')).toBeInTheDocument();
    expect(api.calls('DELETE /api/users/invitations/6')).toHaveLength(1);
  });

  it('shows no actions to viewers who cannot invite', async () => {
    stubApi();
    renderSignedIn(<InvitationsPage />, {
      path: '/users/invitations',
      permissions: ['view_user_invitations'],
    });
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
