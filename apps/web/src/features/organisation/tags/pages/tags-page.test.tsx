import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { jsonResponse, ok, errorResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  pickerInput,
  renderWithSession,
  tag,
} from '../test-utils';
import { TagsPage } from './tags-page';

const rows = [
  tag(),
  tag({
    id: 8,
    name: 'Sensors',
    description: '',
    color: null,
    company_id: 5,
    company_name: 'Beta',
  }),
];
const companies = [
  { id: 3, name: 'Acme' },
  { id: 5, name: 'Beta' },
];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderTags(as: CurrentUser = roleUser('admin', { company_id: 3 }), url = '/tags') {
  return renderWithSession(<TagsPage />, {
    url,
    path: '/tags',
    user: as,
    api: {
      'GET /api/tags': () => listOk(rows),
      'GET /api/companies': () => listOk(companies),
      'POST /api/tags': () => jsonResponse(201, { success: true, data: tag({ id: 9 }) }),
      'DELETE /api/tags/7': () => ok(),
      'DELETE /api/tags/8': () => errorResponse(404, 'NOT_FOUND', 'Tag not found'),
    },
  });
}

const rowOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('link', { name }).closest('tr') as HTMLElement);

describe('TagsPage', () => {
  it('lists tags with their colour, company and page links', async () => {
    const view = renderTags();
    const table = await screen.findByRole('table', { name: 'Tags' });
    await within(table).findByText('Gateways');
    const gateways = rowOf(table, 'Gateways');
    expect(gateways.getByRole('link', { name: 'Gateways' })).toHaveAttribute('href', '/tag/7');
    expect(
      gateways.getByTestId('tag-swatch').querySelector('.mantine-ColorSwatch-colorOverlay'),
    ).toHaveStyle({ backgroundColor: 'rgb(26, 43, 60)' });
    expect(gateways.getByText('Edge routers')).toBeInTheDocument();
    expect(gateways.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/companies/3');
    expect(queryOf(view.calls('GET /api/tags').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });
  });

  it('narrows the list to one company, kept in the URL', async () => {
    const view = renderTags();
    await screen.findByText('Gateways');
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by company' }));
    await view.user.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(currentLocation()).toBe('/tags?company_id=5');
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/tags').at(-1)?.[0])).toMatchObject({ company_id: '5' }),
    );
  });

  it('creates a tag in the user’s company by default', async () => {
    const view = renderTags();
    await screen.findByText('Gateways');
    await view.user.click(screen.getByRole('button', { name: 'New tag' }));
    const form = await dialog('New tag');
    await waitFor(() => expect(pickerInput(form, 'Company')).toHaveValue('Acme'));
    await view.user.type(form.getByLabelText(/^Name/), 'Routers');
    await view.user.type(form.getByLabelText('Description'), 'Core');
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/tags')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/tags')).toEqual({
      company_id: 3,
      name: 'Routers',
      description: 'Core',
      color: null,
    });
    expect(await screen.findByText('Tag created successfully')).toBeInTheDocument();
  });

  it('refuses a colour that is not six hex digits', async () => {
    const view = renderTags();
    await screen.findByText('Gateways');
    await view.user.click(screen.getByRole('button', { name: 'New tag' }));
    const form = await dialog('New tag');
    await view.user.type(form.getByLabelText(/^Name/), 'Routers');
    // Enter submits before the colour input could put back its last valid value.
    await view.user.type(form.getByLabelText('Colour'), '#12{Enter}');
    expect(await form.findByText('Invalid format')).toBeInTheDocument();
    expect(view.calls('POST /api/tags')).toHaveLength(0);
    await view.user.type(form.getByLabelText('Colour'), '34aB{Enter}');
    await waitFor(() => expect(view.calls('POST /api/tags')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/tags')).toMatchObject({ color: '#1234aB' });
  });

  it('deletes the selected tags after confirmation and reports the ones that stayed', async () => {
    const view = renderTags();
    const table = await screen.findByRole('table', { name: 'Tags' });
    await within(table).findByText('Gateways');
    for (const checkbox of within(table).getAllByRole('checkbox').slice(1)) {
      await view.user.click(checkbox);
    }
    const selection = within(screen.getByRole('region', { name: 'Selected rows' }));
    await view.user.click(selection.getByRole('button', { name: 'Delete' }));
    const confirm = await dialog('Delete tags');
    expect(confirm.getByText('Delete 2 selected tags?')).toBeInTheDocument();
    expect(view.calls('DELETE /api/tags/7')).toHaveLength(0);
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 of 2 tags removed: Tag not found')).toBeInTheDocument();
    expect(view.calls('DELETE /api/tags/7')).toHaveLength(1);
    expect(view.calls('DELETE /api/tags/8')).toHaveLength(1);
  });

  it('offers no changes without manage_tags', async () => {
    renderTags(roleUser('read_only'));
    const table = await screen.findByRole('table', { name: 'Tags' });
    await within(table).findByText('Gateways');
    expect(screen.queryByRole('button', { name: 'New tag' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Gateways' })).not.toBeInTheDocument();
    // Without view_companies: no company filter and company names are plain text.
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Acme' })).not.toBeInTheDocument();
  });
});
