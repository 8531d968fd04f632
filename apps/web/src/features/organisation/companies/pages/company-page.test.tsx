import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { errorResponse, jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { BrandProvider } from '@/components/brand';
import { roleUser, testBrand } from '@/test/fixtures';
import type { CompanyTabProps } from '../components/company-tabs';
import {
  actionStatusOpened,
  company,
  currentLocation,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { CompanyPage, createCompanyPage } from './company-page';

const PATH = '/companies/:company_id/:tab?/:sub?';
const acme = company({ remaining_data: 20 * 1024 * 1024 });
const holding = company({ id: 3, name: 'Holding', level: 1, parent_id: 1, parent_name: 'Root' });
const superAdmin = roleUser('super_admin', { company_id: 1 });

const user = {
  id: 11,
  email: 'jane@acme.test',
  username: 'jane',
  company_id: 5,
  company_name: 'Acme',
  role_id: 2,
  role_name: 'admin',
  role_title: 'Administrator',
  mfa_type: null,
  email_verified: true,
  sso_admin: false,
  created_at: '2026-01-01T00:00:00Z',
};
const invitation = {
  id: 21,
  email: 'new@acme.test',
  company_id: 5,
  company_name: 'Acme',
  role_id: 3,
  role_name: 'end_user',
  role_title: 'End Client',
  invited_by_email: 'ada@example.com',
  new_company: false,
  status: 'pending',
  created_at: '2026-01-02T00:00:00Z',
  expires_at: '2026-01-09T00:00:00Z',
  last_sent_at: '2026-01-02T00:00:00Z',
};

function renderCompany(
  url: string,
  {
    as = superAdmin,
    page = <CompanyPage />,
    api = {},
  }: {
    as?: CurrentUser;
    page?: ReactElement;
    api?: Record<string, MockHandler>;
  } = {},
) {
  return renderWithSession(page, {
    url,
    path: PATH,
    user: as,
    api: {
      'GET /api/companies/5': () => ok(acme),
      'GET /api/companies/3': () => ok(holding),
      'GET /api/users': () => listOk([user]),
      'GET /api/users/invitations': () => listOk([invitation]),
      ...api,
    },
  });
}

const breadcrumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }));

describe('CompanyPage', () => {
  it('opens the info tab, with the parents in the breadcrumbs', async () => {
    renderCompany('/companies/5');
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/companies/5/info');
    expect(screen.getByRole('tab', { name: 'Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(breadcrumbs().getByRole('link', { name: 'Root' })).toHaveAttribute(
        'href',
        '/companies/1',
      ),
    );
    expect(breadcrumbs().getByRole('link', { name: 'Companies' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(breadcrumbs().getByRole('link', { name: 'Holding' })).toHaveAttribute(
      'href',
      '/companies/3',
    );
    expect(breadcrumbs().getByText('Acme')).toHaveAttribute('aria-current', 'page');

    const info = within(screen.getByRole('table', { name: 'Company information' }));
    expect(info.getByRole('row', { name: /E-mail office@acme.test/ })).toBeInTheDocument();
    expect(info.getByRole('row', { name: /Remaining data 20 MB/ })).toBeInTheDocument();
    // Untracked resources (null) are not shown as zero.
    expect(info.queryByText('Credits left')).not.toBeInTheDocument();
    expect(info.queryByText('Data packs left')).not.toBeInTheDocument();
  });

  it('shows tracked credits and packs', async () => {
    renderCompany('/companies/5/info', {
      api: { 'GET /api/companies/5': () => ok({ ...acme, credits_left: 12, packs_left: 0 }) },
    });
    const info = within(await screen.findByRole('table', { name: 'Company information' }));
    expect(info.getByRole('row', { name: /Credits left 12/ })).toBeInTheDocument();
    expect(info.getByRole('row', { name: /Data packs left 0/ })).toBeInTheDocument();
  });

  it('leaves out the company data when the brand does not show it', async () => {
    renderCompany('/companies/5/info', {
      page: (
        <BrandProvider brand={{ ...testBrand, show_company_data: false }}>
          <CompanyPage />
        </BrandProvider>
      ),
      api: { 'GET /api/companies/5': () => ok({ ...acme, credits_left: 12, packs_left: 3 }) },
    });
    const info = within(await screen.findByRole('table', { name: 'Company information' }));
    expect(info.getByRole('row', { name: /E-mail office@acme.test/ })).toBeInTheDocument();
    expect(info.queryByText('Credits left')).not.toBeInTheDocument();
    expect(info.queryByText('Data packs left')).not.toBeInTheDocument();
    expect(info.queryByText('Remaining data')).not.toBeInTheDocument();
  });

  it('switches tabs and sub tabs through the URL', async () => {
    const view = renderCompany('/companies/5/info');
    await view.user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(currentLocation()).toBe('/companies/5/users/table');
    const users = await screen.findByRole('table', { name: 'Users' });
    expect(await within(users).findByText('jane@acme.test')).toBeInTheDocument();
    const usersUrl = new URL(String(view.calls('GET /api/users').at(-1)?.[0]), 'http://x');
    expect(usersUrl.searchParams.get('company_id')).toBe('5');
    expect(screen.getByRole('link', { name: 'Invite user' })).toHaveAttribute(
      'href',
      '/forms/invite-user?company_id=5',
    );

    await view.user.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(currentLocation()).toBe('/companies/5/users/invitations');
    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    expect(await within(invitations).findByText('new@acme.test')).toBeInTheDocument();
    const invitationsUrl = new URL(
      String(view.calls('GET /api/users/invitations').at(-1)?.[0]),
      'http://x',
    );
    expect(invitationsUrl.searchParams.get('company_id')).toBe('5');
  });

  it('completes a tab without its sub tab and ignores unknown tabs', async () => {
    renderCompany('/companies/5/users');
    await screen.findByRole('heading', { name: 'Acme' });
    expect(currentLocation()).toBe('/companies/5/users/table');
  });

  it('shows only the tabs the user may open, plus those other features add', async () => {
    function TagsPanel({ company: shown }: CompanyTabProps) {
      return <p>Tags of {shown.name}</p>;
    }
    const Page = createCompanyPage([
      { value: 'tags', label: 'Tags', permission: 'view_tags', panel: TagsPanel },
    ]);
    const guest = roleUser('read_only', { company_id: 5 });
    const view = renderCompany('/companies/5/devices', { as: guest, page: <Page /> });
    await screen.findByRole('heading', { name: 'Acme' });
    expect(currentLocation()).toBe('/companies/5/info');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Information',
      'Metrics',
      'Tags',
    ]);
    await view.user.click(screen.getByRole('tab', { name: 'Tags' }));
    expect(currentLocation()).toBe('/companies/5/tags');
    expect(screen.getByText('Tags of Acme')).toBeInTheDocument();
    // The user's own company: its parent is out of reach, so no breadcrumb leads there.
    expect(breadcrumbs().queryByRole('link', { name: 'Holding' })).not.toBeInTheDocument();
    expect(view.calls('GET /api/companies/3')).toHaveLength(0);
  });

  it('opens on the leading devices tab, and counts the devices on the metrics tab', async () => {
    function DevicesPanel({ company: shown }: CompanyTabProps) {
      return <p>Devices of {shown.name}</p>;
    }
    const Page = createCompanyPage(
      [],
      [{ value: 'devices', label: 'Devices', permission: 'view_devices', panel: DevicesPanel }],
    );
    const view = renderCompany('/companies/5', {
      page: <Page />,
      api: {
        'GET /api/devices/statistics': () =>
          ok({ status: { online: 3, offline: 1 }, model: { RUT955: 4 } }),
        'GET /api/statistics/devices/online': () =>
          ok({ query_period: { start_date: '', end_date: '' }, companies: [], samples: [] }),
      },
    });
    expect(await screen.findByText('Devices of Acme')).toBeInTheDocument();
    expect(currentLocation()).toBe('/companies/5/devices');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)[0]).toBe('Devices');
    await view.user.click(screen.getByRole('tab', { name: 'Metrics' }));
    const status = await screen.findByRole('table', { name: 'Status' });
    expect(within(status).getByText('Online')).toBeInTheDocument();
    expect(within(status).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Model' })).toHaveTextContent('RUT955');
    const [call] = view.calls('GET /api/devices/statistics');
    expect(String(call?.[0])).toContain('company_id=5');
  });

  it('says so when the company cannot be found', async () => {
    renderCompany('/companies/77/info', {
      api: { 'GET /api/companies/77': () => errorResponse(404, 'NOT_FOUND', 'Company not found') },
    });
    expect(within(await screen.findByRole('alert')).getByText('Company not found')).toBeVisible();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('refuses to save an unchanged name and sends a changed one', async () => {
    const view = renderCompany('/companies/5/info', {
      api: { 'PUT /api/companies/5': () => ok({ ...acme, name: 'Acme Ltd' }) },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await dialog('Edit company');
    const name = await form.findByDisplayValue('Acme');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Please input different value to save changes.'),
    ).toBeInTheDocument();
    expect(view.calls('PUT /api/companies/5')).toHaveLength(0);

    await view.user.type(name, ' Ltd');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('PUT /api/companies/5')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/companies/5')).toEqual({
      name: 'Acme Ltd',
      email: 'office@acme.test',
    });
  });

  it('deletes the company after confirmation, opens Action status and leaves for the list', async () => {
    const view = renderCompany('/companies/5/info', {
      api: {
        'DELETE /api/companies/5': () =>
          jsonResponse(200, { success: true, meta: { channel: 'ch-7' } }),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await dialog('Delete company');
    expect(
      confirm.getByText('Delete company Acme and all its subsidiaries, users and tags?'),
    ).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/companies'));
    expect(view.calls('DELETE /api/companies/5')).toHaveLength(1);
    expect(actionStatusOpened).toHaveBeenCalledWith(
      'ch-7',
      expect.objectContaining({ title: 'Delete Acme' }),
    );
  });

  it('shows a refused deletion and stays', async () => {
    const view = renderCompany('/companies/5/info', {
      api: {
        'DELETE /api/companies/5': () =>
          errorResponse(422, 'VALIDATION_ERROR', 'You cannot delete your own company'),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
    await view.user.click((await dialog('Delete company')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You cannot delete your own company')).toBeInTheDocument();
    expect(currentLocation()).toBe('/companies/5/info');
    expect(actionStatusOpened).not.toHaveBeenCalled();
  });
});
