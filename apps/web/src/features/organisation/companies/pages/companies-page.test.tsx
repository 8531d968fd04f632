import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  actionStatusOpened,
  company,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
} from '../test-utils';
import { CompaniesPage } from './companies-page';

const rows = [
  company({ id: 3, name: 'Acme Holding', level: 1, parent_id: null, parent_name: null }),
  company({
    id: 5,
    name: 'Acme Baltic',
    parent_id: 3,
    parent_name: 'Acme Holding',
    users_count: 7,
  }),
];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderCompanies(user = roleUser('admin', { company_id: 3 }), url = '/companies') {
  return renderWithSession(<CompaniesPage />, {
    url,
    path: '/companies',
    user,
    api: {
      'GET /api/companies': () => listOk(rows),
      'POST /api/companies': () =>
        jsonResponse(201, { success: true, data: company({ id: 9, name: 'Acme Nordic' }) }),
      'DELETE /api/companies/5': () =>
        jsonResponse(200, { success: true, meta: { channel: 'ch-42' } }),
    },
  });
}

describe('CompaniesPage', () => {
  it('lists the companies with links, counts and the level filter in the URL', async () => {
    const view = renderCompanies();
    const table = await screen.findByRole('table', { name: 'Companies' });
    const baltic = (await within(table).findByText('Acme Baltic')).closest('tr') as HTMLElement;
    expect(within(baltic).getByRole('link', { name: 'Acme Baltic' })).toHaveAttribute(
      'href',
      '/companies/5',
    );
    expect(within(baltic).getByRole('link', { name: 'Acme Holding' })).toHaveAttribute(
      'href',
      '/companies/3',
    );
    expect(within(baltic).getByText('7')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/companies').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Filter Level' }), '2');
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/companies').at(-1)?.[0])).toMatchObject({ level: '2' }),
    );
  });

  it('offers New company and the row actions only with manage_companies', async () => {
    renderCompanies(roleUser('support'));
    await screen.findByText('Acme Baltic');
    expect(screen.queryByRole('button', { name: 'New company' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Actions for Acme Baltic' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tree view' })).toHaveAttribute(
      'href',
      '/companies/tree',
    );
  });

  it('creates a company under the chosen parent', async () => {
    const view = renderCompanies();
    await screen.findByText('Acme Baltic');
    await view.user.click(screen.getByRole('button', { name: 'New company' }));
    const form = await dialog('New company');
    await view.user.type(form.getByLabelText(/^Name/), 'Acme Nordic');
    await view.user.click(pickerInput(form, 'Parent company'));
    await view.user.click(await screen.findByRole('option', { name: 'Acme Holding' }));
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/companies')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/companies')).toEqual({
      name: 'Acme Nordic',
      parent_id: 3,
    });
    expect(await screen.findByText('Company created successfully')).toBeInTheDocument();
  });

  it('refuses a too short name before sending', async () => {
    const view = renderCompanies();
    await screen.findByText('Acme Baltic');
    await view.user.click(screen.getByRole('button', { name: 'New company' }));
    const form = await dialog('New company');
    await view.user.type(form.getByLabelText(/^Name/), 'ab');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    expect(await form.findByText('Must be at least 3 characters')).toBeInTheDocument();
    expect(form.getAllByText('This field is required')).toHaveLength(1);
    expect(view.calls('POST /api/companies')).toHaveLength(0);
  });

  it('deletes a company after a danger confirmation and follows it in Action status', async () => {
    const view = renderCompanies();
    await screen.findByText('Acme Baltic');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Acme Baltic' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await dialog('Delete company');
    expect(
      confirm.getByText('Delete company Acme Baltic and all its subsidiaries, users and tags?'),
    ).toBeInTheDocument();
    expect(view.calls('DELETE /api/companies/5')).toHaveLength(0);
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.calls('DELETE /api/companies/5')).toHaveLength(1));
    await waitFor(() =>
      expect(actionStatusOpened).toHaveBeenCalledWith('ch-42', {
        title: 'Delete Acme Baltic',
        itemLabels: { '5': 'Acme Baltic' },
      }),
    );
    // The list is read again.
    await waitFor(() => expect(view.calls('GET /api/companies').length).toBeGreaterThan(1));
  });

  it('sends nothing when the deletion is cancelled', async () => {
    const view = renderCompanies();
    await screen.findByText('Acme Baltic');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Acme Baltic' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await dialog('Delete company');
    await view.user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.calls('DELETE /api/companies/5')).toHaveLength(0);
    expect(actionStatusOpened).not.toHaveBeenCalled();
  });
});
