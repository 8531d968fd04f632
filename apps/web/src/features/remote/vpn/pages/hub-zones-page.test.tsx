import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VpnHubZone } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { dialog, lastBody, listOk, renderWithSession } from '../test-utils';
import { HubZonesPage } from './hub-zones-page';

const local: VpnHubZone = {
  id: 1,
  name: 'local',
  visual_name: 'This server',
  latitude: null,
  longitude: null,
  kind: 'local',
  available: false,
  device_id: null,
  host: 'vpn.example.com',
  online: true,
  version: null,
  reason: 'OpenVPN is not installed',
  fix: 'Install OpenVPN 2.5 or later',
  created_at: null,
  updated_at: null,
};

const frankfurt: VpnHubZone = {
  ...local,
  id: 2,
  name: 'fra-1',
  visual_name: 'Frankfurt',
  kind: 'agent',
  available: true,
  device_id: 42,
  host: 'fra.vpn.example.com',
  online: true,
  version: '2.6.3',
  reason: null,
  fix: null,
  created_at: '2026-02-03 10:00:00',
  updated_at: '2026-02-03 10:00:00',
};

function renderZones(api: Record<string, MockHandler> = {}) {
  return renderWithSession(<HubZonesPage />, {
    url: '/vpn/zones',
    path: '/vpn/zones',
    user: roleUser('super_admin'),
    api: {
      'GET /api/vpn/hubs/zones': () => ok([local, frankfurt]),
      'GET /api/devices': () => listOk([{ id: 42, name: 'Hub box FRA' }]),
      ...api,
    },
  });
}

const row = async (text: string) =>
  within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe('HubZonesPage', () => {
  it('lists this server read-only and the agent zones with their device and state', async () => {
    renderZones();
    const agent = await row('Frankfurt');
    expect(agent.getByText('fra-1')).toBeInTheDocument();
    expect(agent.getByText('Hub agent')).toBeInTheDocument();
    expect(await agent.findByText('Hub box FRA')).toBeInTheDocument();
    expect(agent.getByText('fra.vpn.example.com')).toBeInTheDocument();
    expect(agent.getByText('Online')).toBeInTheDocument();
    expect(agent.getByText('Can run hubs')).toBeInTheDocument();
    const server = await row('local');
    expect(server.getByText('Cannot run hubs')).toBeInTheDocument();
    expect(server.getByText('OpenVPN is not installed')).toBeInTheDocument();
    expect(server.getByText('To fix it: Install OpenVPN 2.5 or later')).toBeInTheDocument();
    expect(server.queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a zone and shows what the server refuses at its field', async () => {
    let refuse = true;
    const view = renderZones({
      'POST /api/vpn/hubs/zones': () => {
        if (!refuse) return jsonResponse(201, { success: true, data: frankfurt });
        refuse = false;
        return jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: 'A hub zone with this name already exists',
              source: 'name',
            },
          ],
        });
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add zone' }));
    const form = await dialog('Add hub zone');
    await view.user.click(form.getByRole('button', { name: 'Add zone' }));
    expect(
      await form.findByText('Use 1 to 32 lowercase letters, digits and hyphens'),
    ).toBeVisible();
    expect(view.calls('POST /api/vpn/hubs/zones')).toHaveLength(0);

    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'fra-1');
    await view.user.click(form.getByRole('combobox', { name: /^Agent device/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Hub box FRA' }));
    await view.user.type(form.getByRole('textbox', { name: /^Host/ }), 'fra.vpn.example.com');
    await view.user.click(form.getByRole('button', { name: 'Add zone' }));
    expect(await form.findByText('A hub zone with this name already exists')).toBeVisible();
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    await view.user.click(form.getByRole('button', { name: 'Add zone' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/zones')).toHaveLength(2));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/zones')).toEqual({
      name: 'fra-1',
      device_id: 42,
      host: 'fra.vpn.example.com',
      latitude: null,
      longitude: null,
    });
    expect(await screen.findByText('VPN hub zone created successfully')).toBeInTheDocument();
  });

  it('edits a zone, its device named from the start', async () => {
    const view = renderZones({ 'PUT /api/vpn/hubs/zones/2': () => ok(frankfurt) });
    const agent = await row('Frankfurt');
    await agent.findByText('Hub box FRA');
    await view.user.click(agent.getByRole('button', { name: 'Edit Frankfurt' }));
    const form = await dialog('Edit hub zone');
    expect(form.getByRole('combobox', { name: /^Agent device/ })).toHaveValue('Hub box FRA');
    const visual = form.getByRole('textbox', { name: /^Visual name/ });
    await view.user.clear(visual);
    await view.user.type(visual, 'Frankfurt DC');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('PUT /api/vpn/hubs/zones/2')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/vpn/hubs/zones/2')).toEqual({
      name: 'fra-1',
      visual_name: 'Frankfurt DC',
      device_id: 42,
      host: 'fra.vpn.example.com',
    });
  });

  it('deletes a zone after a confirm, and says why the server refuses', async () => {
    const view = renderZones({
      'DELETE /api/vpn/hubs/zones/2': () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: '2 VPN hubs run in this zone: move or delete them first',
              source: 'id',
            },
          ],
        }),
    });
    const agent = await row('Frankfurt');
    await view.user.click(agent.getByRole('button', { name: 'Delete Frankfurt' }));
    const confirm = await dialog('Delete hub zone');
    expect(confirm.getByText(/Delete the zone Frankfurt\?/)).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.calls('DELETE /api/vpn/hubs/zones/2')).toHaveLength(1));
    expect(
      await screen.findByText('2 VPN hubs run in this zone: move or delete them first'),
    ).toBeInTheDocument();
  });
});
