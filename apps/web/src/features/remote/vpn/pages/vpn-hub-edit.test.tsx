import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { dialog, host, hub, lastBody, listOk, renderWithSession } from '../test-utils';
import { VpnHubPage } from './vpn-hub-page';

const tag = {
  id: 7,
  name: 'Branches',
  description: '',
  user_id: null,
  company_id: 3,
  created_at: '2026-02-03 10:00:00',
  updated_at: '2026-02-03 10:00:00',
};

function renderGeneral(api: Record<string, MockHandler> = {}, user = roleUser('admin')) {
  return renderWithSession(<VpnHubPage />, {
    url: '/vpn/hubs/5',
    path: '/vpn/hubs/:id/:tab?',
    user: user as CurrentUser,
    api: {
      'GET /api/vpn/hubs/5': () => ok(hub({ tags: [tag] })),
      'GET /api/vpn/hubs/host': () => ok(host()),
      'GET /api/tags': () =>
        listOk([
          { id: 7, name: 'Branches' },
          { id: 8, name: 'Depots' },
        ]),
      ...api,
    },
  });
}

describe('VpnHubPage edit', () => {
  it("changes the hub's name, description and tags", async () => {
    const view = renderGeneral({
      'PUT /api/vpn/hubs/5': () => ok(hub({ name: 'Head office', tags: [tag] })),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await dialog('Edit VPN hub');
    const name = form.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Office hub');
    expect(form.getAllByText('Branches').length).toBeGreaterThan(0);
    await view.user.clear(name);
    await view.user.type(name, 'Head office');
    await view.user.clear(form.getByRole('textbox', { name: 'Description' }));
    await view.user.click(form.getByLabelText('Tags', { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'Depots' }));
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('PUT /api/vpn/hubs/5')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/vpn/hubs/5')).toEqual({
      name: 'Head office',
      description: '',
      tag_id: [7, 8],
    });
    expect(await screen.findByText('VPN hub updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the name first and shows what the server refuses at its field', async () => {
    const view = renderGeneral({
      'PUT /api/vpn/hubs/5': () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: 'A VPN hub with this name already exists in the company',
              source: 'name',
            },
            {
              code: 'NOT_FOUND',
              message: "This tag belongs to a company outside the hub's company",
              source: 'tag_id.0',
            },
          ],
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await dialog('Edit VPN hub');
    const name = form.getByRole('textbox', { name: /^Name/ });
    await view.user.clear(name);
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('This field is required')).toBeInTheDocument();
    expect(view.calls('PUT /api/vpn/hubs/5')).toHaveLength(0);

    await view.user.type(name, 'Depot hub');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText('A VPN hub with this name already exists in the company'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Tags', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('dialog', { name: 'Edit VPN hub' })).toBeInTheDocument();
  });

  it('offers no edit without manage_vpn_hubs', async () => {
    renderGeneral({}, roleUser('readonly_admin'));
    expect(await screen.findByRole('table', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
