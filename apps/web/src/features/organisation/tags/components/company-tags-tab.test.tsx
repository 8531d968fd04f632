import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Company } from '@netfleet/contracts';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { dialog, lastBody, listOk, pickerInput, renderWithSession, tag } from '../test-utils';
import { CompanyTagsPanel } from './company-tags-tab';

const beta = { id: 5, name: 'Beta' } as Company;

describe('CompanyTagsPanel', () => {
  it('lists the company’s tags and creates new ones in it', async () => {
    const view = renderWithSession(<CompanyTagsPanel company={beta} />, {
      url: '/companies/5/tags',
      path: '/companies/:company_id/:tab',
      user: roleUser('admin', { company_id: 3 }),
      api: {
        'GET /api/tags': () => listOk([tag({ company_id: 5, company_name: 'Beta' })]),
        'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }, beta]),
        'POST /api/tags': () => jsonResponse(201, { success: true, data: tag({ id: 9 }) }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(await within(table).findByText('Gateways')).toBeInTheDocument();
    const url = new URL(String(view.calls('GET /api/tags').at(-1)?.[0]), 'http://x');
    expect(url.searchParams.get('company_id')).toBe('5');
    // The page's company already narrows the list: no company filter.
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'New tag' }));
    const form = await dialog('New tag');
    await waitFor(() => expect(pickerInput(form, 'Company')).toHaveValue('Beta'));
    await view.user.type(form.getByLabelText(/^Name/), 'Cameras');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/tags')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/tags')).toMatchObject({
      company_id: 5,
      name: 'Cameras',
    });
  });
});
