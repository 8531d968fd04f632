import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Company } from '@netfleet/contracts';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  code,
  creditTypesFor,
  listOk,
  pool,
  purchase,
  renderWithSession,
  summary,
} from '../test-utils';
import { CompanyResourcesPanel, companyResourcesTab } from './company-resources-tab';

const beta = { id: 5, name: 'Beta' } as Company;
const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderPanel(sub: string) {
  return renderWithSession(<CompanyResourcesPanel company={beta} sub={sub} />, {
    url: `/companies/5/resources/${sub}`,
    path: '/companies/:company_id/:tab/:sub',
    user: roleUser('admin', { company_id: 3 }),
    api: {
      'GET /api/credits': () =>
        listOk([pool({ id: 12, company_id: 5, company_name: 'Beta', credit_left: 3 })]),
      'GET /api/credits/summary': () =>
        ok(
          summary([
            {
              credit_type_id: 4,
              credit_type: 'management_6m',
              credit_type_name: 'Management 6 months',
              credits_left: 3,
              payment_type: 'paid',
            },
          ]),
        ),
      'GET /api/credits/types': () => listOk(creditTypesFor(false)),
      'GET /api/credits/codes': () => listOk([code({ company_id: 5, company_name: 'Beta' })]),
      'GET /api/companies/data/history': () =>
        listOk([purchase({ company_id: 5, company: 'Beta' })]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }, beta]),
    },
  });
}

describe('the company page’s resources tab', () => {
  it('is gated by view_credits and opens on credits', () => {
    expect(companyResourcesTab).toMatchObject({ value: 'resources', permission: 'view_credits' });
    expect(companyResourcesTab.subs[0].value).toBe('credits');
  });

  it('shows what the company has left and its pools, without a company filter', async () => {
    const view = renderPanel('credits');
    const cards = within(await screen.findByRole('region', { name: 'Resources left' }));
    expect(
      within(await cards.findByRole('group', { name: 'Management 6 months' })).getByText('3'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Resource pools' })).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/credits/summary').at(-1)?.[0]).company_id).toBe('5');
    expect(queryOf(view.calls('GET /api/credits').at(-1)?.[0]).company_id).toBe('5');
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
  });

  it('lists the codes the company made', async () => {
    const view = renderPanel('codes');
    expect(await screen.findByRole('table', { name: 'Codes' })).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/credits/codes').at(-1)?.[0]).company_id).toBe('5');
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
  });

  it('lists the data the company bought', async () => {
    const view = renderPanel('data-history');
    const table = await screen.findByRole('table', { name: 'Data purchases' });
    expect(await within(table).findByText('Beta')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/companies/data/history').at(-1)?.[0]).company_id).toBe('5');
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
  });
});
