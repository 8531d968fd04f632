import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { errorResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, dialog, lastBody, renderWithSession, tag } from '../test-utils';
import { TagPage } from './tag-page';

function renderTag(
  url = '/tag/7',
  as: CurrentUser = roleUser('admin'),
  api: Record<string, MockHandler> = {},
) {
  return renderWithSession(<TagPage />, {
    url,
    path: '/tag/:id',
    user: as,
    api: {
      'GET /api/tags/7': () => ok(tag()),
      'PUT /api/tags/7': () => ok(tag({ name: 'Edge' })),
      'DELETE /api/tags/7': () => ok(),
      ...api,
    },
  });
}

const details = () => within(screen.getByRole('table', { name: 'Tag details' }));
const breadcrumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }));

describe('TagPage', () => {
  it('shows the tag with its colour, description and company', async () => {
    renderTag();
    expect(await screen.findByRole('heading', { name: 'Gateways' })).toBeInTheDocument();
    expect(breadcrumbs().getByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/tags');
    expect(breadcrumbs().getByText('Gateways')).toHaveAttribute('aria-current', 'page');
    expect(details().getByRole('row', { name: /Colour #1a2b3c/ })).toBeInTheDocument();
    expect(details().getByRole('row', { name: /Description Edge routers/ })).toBeInTheDocument();
    expect(details().getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/companies/3');
  });

  it('edits the current values and sends them back', async () => {
    const view = renderTag();
    await view.user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await dialog('Edit tag');
    const name = await form.findByDisplayValue('Gateways');
    expect(form.getByLabelText('Colour')).toHaveValue('#1a2b3c');
    await view.user.clear(name);
    await view.user.type(name, 'Edge');
    await view.user.clear(form.getByLabelText('Colour'));
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('PUT /api/tags/7')).toHaveLength(1));
    // An emptied colour goes back to the default one.
    expect(lastBody(view.calls, 'PUT /api/tags/7')).toEqual({
      name: 'Edge',
      description: 'Edge routers',
      color: null,
    });
    expect(await screen.findByText('Tag updated successfully')).toBeInTheDocument();
  });

  it('deletes the tag after confirmation and returns to the list', async () => {
    const view = renderTag();
    await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await dialog('Delete tag');
    expect(confirm.getByText('Delete tag Gateways?')).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/tags'));
    expect(view.calls('DELETE /api/tags/7')).toHaveLength(1);
    expect(await screen.findByText('Tag removed successfully')).toBeInTheDocument();
  });

  it('reports a failed delete without a message as "Failed to remove tag (<status text>)"', async () => {
    const view = renderTag('/tag/7', roleUser('admin'), {
      'DELETE /api/tags/7': () => new Response(null, { status: 503, statusText: 'Unavailable' }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
    await view.user.click((await dialog('Delete tag')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to remove tag (Unavailable)')).toBeInTheDocument();
  });

  it('offers no actions without manage_tags and says when the tag is gone', async () => {
    renderTag('/tag/9', roleUser('read_only'), {
      'GET /api/tags/9': () => errorResponse(404, 'NOT_FOUND', 'Tag not found'),
    });
    expect(await screen.findByRole('heading', { name: 'Tag not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
