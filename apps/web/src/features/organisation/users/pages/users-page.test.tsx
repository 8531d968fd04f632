import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { companies, rolesByCompany, users } from '../test-data';
import { jsonBody, list, paramsOf, pickerHandlers, renderSignedIn } from '../test-utils';
import { UsersPage } from './users-page';

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

function stubApi() {
  return mockApi({
    ...pickerHandlers(companies, rolesByCompany),
    'GET /api/users': (_init, url) => {
      const id = new URL(url, 'http://localhost').searchParams.get('id');
      return list(id ? users.filter((user) => id.split(',').includes(String(user.id))) : users);
    },
    'DELETE /api/users/10': () => ok(),
    'POST /api/users/10/impersonation-access-request': () => ok(),
    'POST /api/users/move': () =>
      jsonResponse(207, {
        success: true,
        data: { moved: [9] },
        errors: [{ code: 'INVALID', message: 'Role not available there', source: '10' }],
      }),
  });
}

const table = () => screen.findByRole('table', { name: 'Users' });
const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
const lastUsersQuery = (api: ReturnType<typeof stubApi>) =>
  paramsOf(api.calls('GET /api/users').at(-1));

async function openRowMenu(
  user: ReturnType<typeof renderSignedIn>['user'],
  email: string,
  item: string,
) {
  await user.click(within(rowOf(email)).getByRole('button', { name: `Actions for ${email}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('UsersPage', () => {
  it('lists users by e-mail with their role, MFA, verification and SSO badge', async () => {
    const api = stubApi();
    renderSignedIn(<UsersPage />, { path: '/users' });
    const rows = await table();
    await within(rows).findByText('grace@example.com');
    expect(lastUsersQuery(api)).toEqual({ limit: '25', offset: '0', sort: 'email' });
    const grace = within(rowOf('grace@example.com'));
    expect(grace.getByText('End Client')).toBeInTheDocument();
    expect(grace.getByText('Authenticator app')).toBeInTheDocument();
    expect(grace.getByText('SSO admin')).toBeInTheDocument();
    expect(grace.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    const linus = within(rowOf('linus@example.com'));
    expect(linus.getByText('Off')).toBeInTheDocument();
    expect(linus.getByText('No')).toBeInTheDocument();
    expect(linus.queryByText('SSO admin')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('filters by role (options from /roles) and by the company in the URL', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<UsersPage />, { path: '/users?company_id=4' });
    await table();
    await waitFor(() => expect(lastUsersQuery(api)).toMatchObject({ company_id: '4' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by company' })).toHaveValue('Acme Child'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Filter by role' }));
    await user.click(await screen.findByRole('option', { name: 'Acme operator (Acme)' }));
    await waitFor(() => expect(lastUsersQuery(api)).toMatchObject({ company_id: '4', role: '30' }));
  });

  it('hides invite, bulk actions and row actions without the permissions', async () => {
    stubApi();
    renderSignedIn(<UsersPage />, { path: '/users', permissions: ['view_users'] });
    await within(await table()).findByText('grace@example.com');
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select row/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by role' })).not.toBeInTheDocument();
  });

  it('deletes a user after a danger confirmation', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<UsersPage />, { path: '/users' });
    await within(await table()).findByText('linus@example.com');
    await openRowMenu(user, 'linus@example.com', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Delete user linus@example.com?');
    const before = api.calls('GET /api/users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /api/users/10')).toHaveLength(1));
    expect(await screen.findByText('User removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/users').length).toBeGreaterThan(before));
  });

  it('requests impersonation access and says so', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<UsersPage />, { path: '/users' });
    await within(await table()).findByText('linus@example.com');
    await openRowMenu(user, 'linus@example.com', 'Request impersonation access');
    await waitFor(() =>
      expect(api.calls('POST /api/users/10/impersonation-access-request')).toHaveLength(1),
    );
    expect(
      await screen.findByText('Impersonation access request sent successfully'),
    ).toBeInTheDocument();
  });

  it('shows the server message when a delete is refused', async () => {
    mockApi({
      ...pickerHandlers(companies, rolesByCompany),
      'GET /api/users': () => list(users),
      'DELETE /api/users/10': () => errorResponse(403, 'FORBIDDEN', 'You cannot delete this user'),
    });
    const { user } = renderSignedIn(<UsersPage />, { path: '/users' });
    await within(await table()).findByText('linus@example.com');
    await openRowMenu(user, 'linus@example.com', 'Delete');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('You cannot delete this user')).toBeInTheDocument();
  });

  it('moves the selected users with the move-users form and reports the ones left', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<UsersPage />, { path: '/users' });
    await within(await table()).findByText('grace@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 9' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 10' }));
    await user.click(screen.getByRole('button', { name: 'Move to company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move users' });
    // The picker lists just the chosen users, so their e-mails show.
    await waitFor(() =>
      expect(
        api.calls('GET /api/users').some(([url]) => decodeURIComponent(url).includes('id=9,10')),
      ).toBe(true),
    );
    expect((await within(dialog).findAllByText('grace@example.com')).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('linus@example.com').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('combobox', { name: /Target company/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Child' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.calls('POST /api/users/move')).toHaveLength(1));
    expect(jsonBody(api.calls('POST /api/users/move')[0])).toEqual({
      user_id: [9, 10],
      company_id: 4,
    });
    expect(await screen.findByText('Users moved successfully, except:')).toBeInTheDocument();
    expect(screen.getByText('linus@example.com: Role not available there')).toBeInTheDocument();
  });
});
