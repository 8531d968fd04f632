import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { creditTypesFor, listOk, pool, renderWithSession, summary } from '../test-utils';
import { PoolsPage } from './pools-page';

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

const sixMonths = {
  credit_type_id: 4,
  credit_type: 'management_6m',
  credit_type_name: 'Management 6 months',
  credits_left: 7,
  payment_type: 'paid',
} as const;
const ownSummary = summary([
  sixMonths,
  {
    credit_type_id: 6,
    credit_type: 'management_1y',
    credit_type_name: 'Management 1 year',
    credits_left: 0,
    payment_type: 'paid',
  },
]);
const betaSummary = summary([{ ...sixMonths, credits_left: 3 }]);

function renderPools(as: CurrentUser = roleUser('admin')) {
  return renderWithSession(<PoolsPage />, {
    url: '/resources',
    path: '/resources',
    user: as,
    api: {
      'GET /api/credits': () =>
        listOk([pool(), pool({ id: 12, company_id: 5, company_name: 'Beta', credit_left: 3 })]),
      'GET /api/credits/summary': (_init, url) =>
        ok(queryOf(url).company_id === '5' ? betaSummary : ownSummary),
      'GET /api/credits/types': () => listOk(creditTypesFor(false)),
      'GET /api/credits/12/report': () =>
        new Response('%PDF', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="pool.pdf"',
          },
        }),
      'GET /api/companies': () =>
        listOk([
          { id: 3, name: 'Acme' },
          { id: 5, name: 'Beta' },
        ]),
    },
  });
}

describe('PoolsPage', () => {
  it('shows what is left per type and the pools, with the actions the role allows', async () => {
    const view = renderPools();
    const cards = within(await screen.findByRole('region', { name: 'Resources left' }));
    expect(
      within(await cards.findByRole('group', { name: 'Management 6 months' })).getByText('7'),
    ).toBeInTheDocument();
    expect(
      within(cards.getByRole('group', { name: 'Management 1 year' })).getByText('0'),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Resource pools' });
    expect(await within(table).findByText('Beta')).toBeInTheDocument();
    const beta = within(within(table).getByText('Beta').closest('tr') as HTMLElement);
    expect(beta.getByText('Management 6 months')).toBeInTheDocument();
    expect(beta.getByText('3')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/credits').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-assigned_at',
    });
    // Admins move resources; only super admins add them.
    expect(screen.getByRole('button', { name: 'Move resources' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add resources' })).not.toBeInTheDocument();
  });

  it('narrows the summary and the pools to the chosen company', async () => {
    const view = renderPools();
    await screen.findByRole('table', { name: 'Resource pools' });
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by company' }));
    await view.user.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/credits').at(-1)?.[0])).toMatchObject({
        company_id: '5',
      }),
    );
    const cards = within(screen.getByRole('region', { name: 'Resources left' }));
    expect(
      within(await cards.findByRole('group', { name: 'Management 6 months' })).getByText('3'),
    ).toBeInTheDocument();
    expect(cards.queryByRole('group', { name: 'Management 1 year' })).not.toBeInTheDocument();
  });

  it("downloads a pool's report from its row", async () => {
    // jsdom has no object URLs: the blob goes to a stub and the link click is noted.
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const view = renderPools();
    const table = await screen.findByRole('table', { name: 'Resource pools' });
    await within(table).findByText('Beta');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Pool 12' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Download report (PDF)' }));
    await waitFor(() => expect(view.calls('GET /api/credits/12/report')).toHaveLength(1));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('offers the price and pro forma columns only where the company shows payment', async () => {
    const hidden = renderPools(roleUser('admin', { show_payment: false }));
    await screen.findByRole('table', { name: 'Resource pools' });
    await hidden.user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Left' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Price per credit' })).toBeNull();
    hidden.unmount();

    const shown = renderPools(roleUser('admin', { show_payment: true }));
    await screen.findByRole('table', { name: 'Resource pools' });
    await shown.user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(
      await screen.findByRole('menuitemcheckbox', { name: 'Price per credit' }),
    ).toBeInTheDocument();
  });
});
