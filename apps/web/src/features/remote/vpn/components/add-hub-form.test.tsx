import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { dialog, hub, lastBody, renderWithSession, unprocessable } from '../test-utils';
import { openAddHub } from './hub-dialogs';

const zones = [
  {
    id: 1,
    name: 'local',
    visual_name: 'This server',
    kind: 'local',
    latitude: null,
    longitude: null,
    available: false,
  },
];

async function openForm(api: Record<string, MockHandler> = {}, onCreated = vi.fn()) {
  const view = renderWithSession(<button onClick={() => openAddHub({ onCreated })}>Open</button>, {
    url: '/vpn/hubs',
    path: '/vpn/hubs',
    user: roleUser('admin'),
    api: {
      'GET /api/vpn/hubs/zones': () => ok(zones),
      'GET /api/companies': () =>
        jsonResponse(200, { success: true, data: [], meta: { total: 0 } }),
      'GET /api/tags': () => jsonResponse(200, { success: true, data: [], meta: { total: 0 } }),
      'POST /api/vpn/hubs': () =>
        jsonResponse(201, { success: true, meta: { channel: 'c1' }, data: hub({ id: 9 }) }),
      ...api,
    },
  });
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, form: await dialog('Add VPN hub'), onCreated };
}

describe('AddHubForm', () => {
  it("starts on the user's own company, this server and TUN, and sends the hub", async () => {
    const { view, form, onCreated } = await openForm();
    expect(form.getByRole('combobox', { name: /^Company/ })).toHaveValue('Acme');
    expect(await form.findByDisplayValue('This server (cannot run hubs now)')).toBeInTheDocument();
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Branch hub');
    await view.user.type(form.getByRole('textbox', { name: 'Description' }), 'Shops');
    await view.user.click(form.getByText('TAP'));
    await view.user.click(form.getByRole('button', { name: 'Add hub' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs')).toEqual({
      name: 'Branch hub',
      company_id: 3,
      description: 'Shops',
      hub_zone: 'local',
      vpn_type: 'tap',
      tag_id: [],
    });
    expect(await screen.findByText('VPN hub created successfully')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
  });

  it('asks for a name before sending', async () => {
    const { view, form } = await openForm();
    await view.user.click(form.getByRole('button', { name: 'Add hub' }));
    expect(await form.findByText('This field is required')).toBeVisible();
    expect(view.calls('POST /api/vpn/hubs')).toHaveLength(0);
  });

  it("shows the server's field errors on their fields and the rest above the buttons", async () => {
    const { view, form } = await openForm({
      'POST /api/vpn/hubs': () =>
        unprocessable([
          { message: 'A VPN hub with this name already exists in the company', source: 'name' },
          { message: 'Every hub port of this zone is in use', source: null },
        ]),
    });
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Office hub');
    await view.user.click(form.getByRole('button', { name: 'Add hub' }));
    expect(
      await form.findByText('A VPN hub with this name already exists in the company'),
    ).toBeVisible();
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('alert')).toHaveTextContent('Every hub port of this zone is in use');
  });
});
