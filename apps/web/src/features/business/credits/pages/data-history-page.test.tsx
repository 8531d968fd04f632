import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { spendCreditsConfirm, type CurrentUser } from '@netfleet/contracts';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { dialog, lastBody, listOk, purchase, renderWithSession } from '../test-utils';
import { DataHistoryPage } from './data-history-page';

const GIB = 1024 ** 3;
const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

const beta = purchase({
  id: 32,
  company_id: 5,
  company: 'Beta',
  credits_used: 1,
  data: 2 * GIB,
  email: null,
  user: null,
  user_id: null,
});

function renderDataHistory(as: CurrentUser = roleUser('admin'), rows = [purchase(), beta]) {
  return renderWithSession(<DataHistoryPage />, {
    url: '/resources/data-history',
    path: '/resources/data-history',
    user: as,
    api: {
      'GET /api/companies/data/history': () => listOk(rows),
      'GET /api/companies/3': () => ok({ id: 3, name: 'Acme', remaining_data: 20 * GIB }),
      'GET /api/companies/5': () => ok({ id: 5, name: 'Beta', remaining_data: 0 }),
      'GET /api/companies': () =>
        listOk([
          { id: 3, name: 'Acme' },
          { id: 5, name: 'Beta' },
        ]),
      'POST /api/companies/data': () =>
        ok({ ...purchase({ id: 33 }), credits_used: 3, data: 6 * GIB }),
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('DataHistoryPage', () => {
  it("shows the own company's remaining data and the purchases in GB, newest first", async () => {
    const view = renderDataHistory();
    const remaining = within(await screen.findByRole('region', { name: 'Remaining data' }));
    expect(await remaining.findByText('20 GB')).toBeInTheDocument();
    expect(remaining.getByText(/Acme/)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Data purchases' });
    await within(table).findByText('Beta');
    const acme = rowOf(table, 'Acme');
    expect(acme.getByText('6 GB')).toBeInTheDocument();
    expect(acme.getByText('3')).toBeInTheDocument();
    expect(acme.getByText('ada@example.com')).toBeInTheDocument();
    expect(rowOf(table, 'Beta').getByText('2 GB')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/companies/data/history').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
    });
    expect(screen.getByRole('tab', { name: 'Data purchases', selected: true })).toBeVisible();
  });

  it('narrows the purchases and the remaining data to the chosen company', async () => {
    const view = renderDataHistory();
    await screen.findByRole('table', { name: 'Data purchases' });
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by company' }));
    await view.user.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/companies/data/history').at(-1)?.[0])).toMatchObject({
        company_id: '5',
      }),
    );
    const remaining = within(screen.getByRole('region', { name: 'Remaining data' }));
    expect(await remaining.findByText(/Beta/)).toBeInTheDocument();
    expect(remaining.getByText('0 KB')).toBeInTheDocument();
  });

  it('buys data only after confirming what the credits get, leading zeros stripped', async () => {
    const view = renderDataHistory();
    await screen.findByRole('table', { name: 'Data purchases' });
    await view.user.click(screen.getByRole('button', { name: 'Buy data' }));
    const form = await dialog('Add company data');
    await waitFor(() =>
      expect(form.getByLabelText(/^Company/, { selector: 'input' })).toHaveValue('Acme'),
    );
    await view.user.type(form.getByLabelText(/^Credits/), '0003');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));

    const ask = await dialog('Confirm');
    expect(ask.getByText(spendCreditsConfirm(3))).toBeInTheDocument();
    expect(spendCreditsConfirm(3)).toBe(
      'Are you sure you want to spend 3 credit(s) to get 6 GB of data?',
    );
    await view.user.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm' })).toBeNull());
    expect(view.calls('POST /api/companies/data')).toHaveLength(0);

    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await view.user.click((await dialog('Confirm')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(view.calls('POST /api/companies/data')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/companies/data')).toEqual({
      company_id: 3,
      credits: 3,
    });
    expect(await screen.findByText('Company data added successfully')).toBeInTheDocument();
  });

  it('offers end clients neither buying nor company data, and says when nothing was bought', async () => {
    renderDataHistory(roleUser('end_user'), []);
    expect(await screen.findByText('No data purchases found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Remaining data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
  });
});
